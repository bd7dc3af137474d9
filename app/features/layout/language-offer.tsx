import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { splitLocale } from "#contracts/locales";
import { languageToOffer, rememberedLocale } from "~/i18n/choice";
import { useHydrated } from "~/lib/use-hydrated";

/** The line itself, in a chunk of its own: fetched only when there is a language to offer (decision 053). */
const LanguageOfferBar = lazy(() => import("./language-offer-bar"));

/**
 * A first visit whose browser prefers another language the site speaks is offered that
 * language in one line along the bottom of the window (over the page, so nothing moves); never
 * a redirect. Following it or dismissing it is a choice, remembered (app/i18n/choice.ts).
 * Decided in the browser after hydration: a kept page is the same HTML for every visitor.
 */
export function LanguageOffer() {
  const { locale } = splitLocale(useLocation().pathname);
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(false);
  const offered = hydrated && !chosen ? languageToOffer(locale, navigator.languages, rememberedLocale()) : undefined;
  return offered ? (
    <Suspense>
      <LanguageOfferBar offered={offered} onChosen={() => setChosen(true)} />
    </Suspense>
  ) : null;
}

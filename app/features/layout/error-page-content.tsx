import { isRouteErrorResponse } from "react-router";
import { isOffered, localizedPath, type OfferedLocale } from "#contracts/locales";
import { PageMain } from "~/components/page-main";
import { useLocale } from "~/i18n/i18n";
import { NotFound } from "./not-found";

/**
 * The error page's words in each language, built in rather than in a catalog: it shows when the
 * root's data, and with it the page's messages, could not be loaded (decision 044).
 */
const words: Record<OfferedLocale, { heading: string; later: string; home: string }> = {
  en: { heading: "Something went wrong", later: "Please try again in a moment.", home: "Return to Home" },
  de: { heading: "Etwas ist schiefgelaufen", later: "Bitte versuche es gleich noch einmal.", home: "Zur Startseite" },
  fr: { heading: "Un problème est survenu", later: "Veuillez réessayer dans un instant.", home: "Retour à l’accueil" },
  es: { heading: "Algo ha fallado", later: "Vuelve a intentarlo en un momento.", home: "Volver al inicio" },
  "pt-BR": { heading: "Algo deu errado", later: "Tente de novo em instantes.", home: "Voltar ao início" },
  ja: { heading: "問題が発生しました", later: "しばらくしてからもう一度お試しください。", home: "ホームに戻る" },
  ar: { heading: "حدث خطأ ما", later: "يُرجى المحاولة مجددًا بعد قليل.", home: "العودة إلى الصفحة الرئيسية" },
};

/** The site's error page below the header: 'Oops! Page not found', a request it refused (its status), or a failure (try again later), in the URL's language. */
export default function ErrorPageContent({ error }: { error: unknown }) {
  const locale = useLocale();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // The pseudo-locale has no words of its own here: English.
  const { heading, later, home } = words[isOffered(locale) ? locale : "en"];
  return (
    <PageMain className="page flex min-h-[60vh] flex-col items-center justify-center gap-3 py-16 text-center">
      <title>{`${heading} · Stockroom`}</title>
      <h1 className="text-2xl font-semibold">{heading}</h1>
      <p className="text-neutral-600 dark:text-neutral-400">{isRouteErrorResponse(error) ? `${error.status} ${error.statusText || ""}`.trim() : later}</p>
      <a href={localizedPath(locale, "/")} className="button-primary mt-4">
        {home}
      </a>
    </PageMain>
  );
}

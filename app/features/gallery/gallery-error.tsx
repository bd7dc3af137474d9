import { useRevalidator } from "react-router";
import { PageMain } from "~/components/page-main";
import { useT } from "~/i18n/i18n";
import { Spinner } from "~/lib/icons";

/**
 * What the gallery shows when its list could not be loaded (a navigation whose request failed or
 * was answered 5xx): an empty grid would say there are no images, which is false (product
 * decisions). "Try again" loads the same URL again in place.
 */
export function GalleryLoadError() {
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  const t = useT();
  return (
    <PageMain className="page flex min-h-[60vh] flex-col items-center justify-center gap-3 py-16 text-center">
      <div role="alert" className="contents">
        <h1 className="text-2xl font-semibold">{t("galleryError.title")}</h1>
        <p className="text-neutral-600 dark:text-neutral-400">{t("galleryError.hint")}</p>
      </div>
      <button type="button" className="button-primary mt-4" disabled={busy} onClick={() => void revalidator.revalidate()}>
        {busy && <Spinner size={16} />}
        {t("galleryError.retry")}
      </button>
    </PageMain>
  );
}

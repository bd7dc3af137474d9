import { Link } from "react-router";
import { useLocalizedPath, useT } from "~/i18n/i18n";
import { ArrowLeftIcon } from "~/lib/action-icons";

/** 'Back to gallery': the link above a creator's, a collection's and the legal pages. */
export function BackToGallery() {
  const t = useT();
  return (
    <Link to={useLocalizedPath()("/")} className="inline-flex items-center gap-2 text-sm font-medium text-neutral-600 hover:text-neutral-950 dark:text-neutral-400 dark:hover:text-white">
      <ArrowLeftIcon size={18} className="rtl:-scale-x-100" />
      {t("back.gallery")}
    </Link>
  );
}

import { useT } from "~/i18n/i18n";

/** The first image's link in a page's grid. Without one (or before hydration) the link leads to the page's main. */
const FIRST_CARD = "main ul.masonry > li > a";

/**
 * "Skip to images": the first tab stop of a page with an image grid (routes set
 * `handle = { skipToImages: true }`), hidden until focused. It moves the focus to the first
 * image's link, past the header, the search box, the tags and the filters.
 */
export function SkipToImages() {
  const t = useT();
  return (
    <a
      href="#content"
      className="button-primary sr-only fixed left-3 top-3 z-50 focus:not-sr-only"
      onClick={(event) => {
        const first = document.querySelector<HTMLAnchorElement>(FIRST_CARD);
        if (!first) return;
        event.preventDefault();
        first.focus();
      }}
    >
      {t("skip.images")}
    </a>
  );
}

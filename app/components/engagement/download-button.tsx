import { useNavigate } from "react-router";
import type { ImageSummary } from "#contracts/catalog";
import type { DownloadSizeName } from "#contracts/catalog-constants";
import { DOWNLOADED_COOKIE_SECONDS, downloadedCookie } from "#contracts/download-cookie";
import { loginPathHere, useRootData } from "~/lib/viewer";
import { downloadUrl } from "./api";
import { setEngagement } from "./store";
import { offerThanks } from "./thanks";

const COUNTED_POLL_MS = 250;

/**
 * Shows the image's download count once the server has counted the download: its answer
 * sets a cookie to the new count (a page cannot read a download's answer itself).
 */
function showCountOnceCounted(id: number): void {
  const name = downloadedCookie(id);
  const deadline = Date.now() + DOWNLOADED_COOKIE_SECONDS * 1000;
  const timer = setInterval(() => {
    const value = document.cookie
      .split("; ")
      .find((cookie) => cookie.startsWith(`${name}=`))
      ?.slice(name.length + 1);
    if (value === undefined && Date.now() < deadline) return;
    clearInterval(timer);
    if (value === undefined) return;
    document.cookie = `${name}=; Max-Age=0; Path=/`;
    const downloads = Number(value);
    if (Number.isSafeInteger(downloads)) setEngagement(id, { downloads });
  }, COUNTED_POLL_MS);
}

/**
 * A link to the file at a size: the server streams it as `{Title}.jpg` and counts it.
 * Anonymous visitors are sent to sign in first, and back here afterwards: by the click
 * handler, or by the server when the link is opened another way (a middle click, no
 * JavaScript), which is why it is a download link only for a signed-in visitor. Once the
 * download begins, the visitor is offered to thank the creator (thanks.ts).
 */
export function DownloadLink({
  image,
  size,
  className,
  children,
  label,
}: {
  image: ImageSummary;
  size: DownloadSizeName;
  className: string;
  children: React.ReactNode;
  label?: string;
}) {
  const { viewer } = useRootData();
  const navigate = useNavigate();
  return (
    <a
      href={downloadUrl(image.id, size)}
      download={viewer ? true : undefined}
      className={className}
      aria-label={label}
      onClick={(event) => {
        if (!viewer) {
          event.preventDefault();
          void navigate(loginPathHere());
          return;
        }
        showCountOnceCounted(image.id);
        offerThanks(image);
      }}
    >
      {children}
    </a>
  );
}

import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { loginPath } from "#contracts/account";
import type { ImageSummary } from "#contracts/catalog";
import { downloadSizeNames, type DownloadSizeName } from "#contracts/catalog-constants";
import { DOWNLOADED_COOKIE_SECONDS, downloadedCookie } from "#contracts/download-cookie";
import { DOWNLOAD_PARAM, downloadReturnPath } from "#contracts/download-paths";
import { useRootData } from "~/lib/viewer";
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

/** A download of `image` began: its count shows once counted, and the visitor is offered to thank the creator (thanks.ts). */
function downloadBegan(image: ImageSummary): void {
  showCountOnceCounted(image.id);
  offerThanks(image);
}

/**
 * A link to the file at a size: the server streams it as `{Title}.jpg` and counts it.
 * Anonymous visitors are sent to sign in first, and then to the image's page, which starts the
 * download (useResumedDownload): by the click handler, or by the server when the link is opened
 * another way (a middle click, no JavaScript), which is why it is a download link only for a
 * signed-in visitor.
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
          void navigate(loginPath(downloadReturnPath(image.path, size)));
          return;
        }
        downloadBegan(image);
      }}
    >
      {children}
    </a>
  );
}

/**
 * The image page's `?download=<size>`, where signing in to download returns to: a signed-in
 * visitor's download of that size starts once, and the parameter goes with a replace, so that
 * Back and reload do not start it again.
 */
export function useResumedDownload(image: ImageSummary): void {
  const { viewer } = useRootData();
  const navigate = useNavigate();
  const location = useLocation();
  const started = useRef<string | null>(null);
  const params = new URLSearchParams(location.search);
  const asked = params.get(DOWNLOAD_PARAM);
  useEffect(() => {
    if (asked === null || started.current === location.key) return;
    started.current = location.key;
    const size = downloadSizeNames.find((name) => name === asked);
    if (viewer && size) {
      const link = document.createElement("a");
      link.href = downloadUrl(image.id, size);
      link.download = "";
      link.click();
      downloadBegan(image);
    }
    params.delete(DOWNLOAD_PARAM);
    const search = params.size ? `?${params}` : "";
    void navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true, preventScrollReset: true, state: location.state });
  });
}

import { useNavigate } from "react-router";
import type { DownloadSizeName, ImageSummary } from "#contracts/catalog";
import { loginPathHere, useRootData } from "~/lib/viewer";
import { downloadUrl } from "./api";
import { setEngagement, useEngagement } from "./store";

/**
 * A link to the file at a size: the server streams it as `{Title}.jpg` and counts it.
 * Anonymous visitors are sent to sign in first, and back here afterwards.
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
  const { downloads } = useEngagement(image);
  return (
    <a
      href={downloadUrl(image.id, size)}
      download
      className={className}
      aria-label={label}
      onClick={(event) => {
        if (!viewer) {
          event.preventDefault();
          void navigate(loginPathHere());
          return;
        }
        setEngagement(image.id, { downloads: downloads + 1 });
      }}
    >
      {children}
    </a>
  );
}

import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { ImageDetail, ImageSummary } from "#contracts/catalog";
import { useLocalizedPath } from "~/i18n/i18n";
import { api } from "~/lib/api";
import { ImageOverlay } from "./image-overlay";
import { neighboursAt } from "./overlay-stepping";

interface ImageModalProps {
  images: ImageSummary[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  unlikeKey?: "unlike" | "log";
}

/**
 * The detail overlay over any list of images (a creator's, the liked ones), without
 * changing the page's URL. Load it with React.lazy: it is a chunk of its own.
 */
export default function ImageModal({ images, index, onIndexChange, onClose, unlikeKey }: ImageModalProps) {
  const image = images[index];
  const [detail, setDetail] = useState<ImageDetail | null>(null);
  const navigate = useNavigate();
  const to = useLocalizedPath();
  const id = image?.id;

  useEffect(() => {
    if (id === undefined) return;
    let current = true;
    api<ImageDetail>(`/api/images/${id}`).then(
      (found) => current && setDetail(found),
      () => {
        // The summary stays on screen; details are a bonus.
      },
    );
    return () => {
      current = false;
    };
  }, [id]);

  if (!image) return null;
  const go = (target: ImageSummary) => {
    const at = images.findIndex((candidate) => candidate.id === target.id);
    if (at >= 0) onIndexChange(at);
    else void navigate(to(target.path));
  };
  return (
    <ImageOverlay
      image={image}
      detail={detail}
      {...neighboursAt(images, index)}
      onNavigate={go}
      onClose={onClose}
      onTag={(tag) => void navigate(`${to("/")}?tag=${encodeURIComponent(tag)}`)}
      unlikeKey={unlikeKey}
    />
  );
}

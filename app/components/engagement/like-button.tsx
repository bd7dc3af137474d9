import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import type { ImageSummary } from "#contracts/catalog";
import { useT } from "~/i18n/i18n";
import { HeartIcon } from "~/lib/icons";
import { loginPathHere, useRootData } from "~/lib/viewer";
import { putLike } from "./api";
import { sendInTurn, setEngagement, useEngagement } from "./store";

/** Like or unlike: shown at once, confirmed by the server, undone with a toast when it fails. */
export function useToggleLike(image: ImageSummary): { liked: boolean; likes: number; toggle: () => void } {
  const { viewer } = useRootData();
  const navigate = useNavigate();
  const t = useT();
  const { liked, likes } = useEngagement(image);
  const toggle = () => {
    if (!viewer) {
      void navigate(loginPathHere());
      return;
    }
    const next = !liked;
    setEngagement(image.id, { liked: next, likes: Math.max(0, likes + (next ? 1 : -1)) });
    sendInTurn(image.id, () => putLike(image.id, next)).then(
      (state) => state && setEngagement(image.id, { liked: state.liked, likes: state.likes }),
      (error: Error) => {
        setEngagement(image.id, { liked, likes });
        toast.error(t(next ? "engage.likeFailed" : "engage.unlikeFailed"), { description: error.message });
      },
    );
  };
  return { liked, likes, toggle };
}

export function LikeButton({ image, className }: { image: ImageSummary; className: string }) {
  const { liked, toggle } = useToggleLike(image);
  const t = useT();
  return (
    <button
      type="button"
      className={className}
      aria-pressed={liked}
      aria-label={t(liked ? "engage.unlikeImage" : "engage.likeImage", { title: image.title })}
      title={t(liked ? "engage.unlike" : "engage.like")}
      onClick={toggle}
      data-liked={liked}
    >
      <HeartIcon size={18} filled={liked} className={liked ? "text-rose-500" : undefined} />
    </button>
  );
}

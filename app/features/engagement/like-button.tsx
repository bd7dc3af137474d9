import { useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import type { ImageSummary } from "#contracts/catalog";
import { HeartIcon } from "~/lib/icons";
import { loginPathHere, useRootData } from "~/lib/viewer";
import type { LikeState } from "#contracts/engagement";
import { putLike } from "./api";
import { setEngagement, tracked, useEngagement } from "./store";

/** Per image, the last like or unlike sent: the next one waits for it. */
const lastSent = new Map<number, Promise<LikeState>>();

/**
 * Sends a like or unlike once the image's previous one is answered, so the server sees them in
 * the visitor's order. Resolves null when a later one was sent meanwhile: its answer decides.
 */
function sendInTurn(id: number, liked: boolean): Promise<LikeState | null> {
  const previous = lastSent.get(id);
  const request = previous
    ? previous.then(
        () => putLike(id, liked),
        () => putLike(id, liked),
      )
    : putLike(id, liked);
  lastSent.set(id, request);
  const isLatest = () => lastSent.get(id) === request;
  const done = () => void (isLatest() && lastSent.delete(id));
  return tracked(
    request.then(
      (state) => {
        const latest = isLatest();
        done();
        return latest ? state : null;
      },
      (error: unknown) => {
        const latest = isLatest();
        done();
        if (latest) throw error;
        return null;
      },
    ),
  );
}

/** Like or unlike: shown at once, confirmed by the server, undone with a toast when it fails. */
export function useToggleLike(image: ImageSummary): { liked: boolean; likes: number; toggle: () => void } {
  const { viewer } = useRootData();
  const navigate = useNavigate();
  const { liked, likes } = useEngagement(image);
  const toggle = () => {
    if (!viewer) {
      void navigate(loginPathHere());
      return;
    }
    const next = !liked;
    setEngagement(image.id, { liked: next, likes: Math.max(0, likes + (next ? 1 : -1)) });
    sendInTurn(image.id, next).then(
      (state) => state && setEngagement(image.id, { liked: state.liked, likes: state.likes }),
      (error: Error) => {
        setEngagement(image.id, { liked, likes });
        toast.error(next ? "Could not like this image" : "Could not remove your like", { description: error.message });
      },
    );
  };
  return { liked, likes, toggle };
}

export function LikeButton({ image, className }: { image: ImageSummary; className: string }) {
  const { liked, toggle } = useToggleLike(image);
  return (
    <button
      type="button"
      className={className}
      aria-pressed={liked}
      aria-label={liked ? `Unlike ${image.title}` : `Like ${image.title}`}
      title={liked ? "Unlike" : "Like"}
      onClick={toggle}
      data-liked={liked}
    >
      <HeartIcon size={18} filled={liked} className={liked ? "text-rose-500" : undefined} />
    </button>
  );
}

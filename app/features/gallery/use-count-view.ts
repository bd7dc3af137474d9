import { useEffect } from "react";
import type { ImageCounts } from "#contracts/catalog";
import { sendInTurn, setEngagement } from "~/components/engagement/store";
import { api } from "~/lib/api";

/**
 * Counts a view of each image the overlay shows, once per image shown, and shows the like and
 * download counts its answer brings: a page kept for anonymous visitors may have been rendered
 * up to 30 s ago (decision 015). Sent in turn with the visitor's likes of the image, so that an
 * answer read before their like never shows over it.
 */
export function useCountView(imageId: number): void {
  useEffect(() => {
    sendInTurn(imageId, () => api<ImageCounts>(`/api/images/${imageId}/views`, { method: "POST" })).then(
      (counts) => counts && setEngagement(imageId, { likes: counts.likes, downloads: counts.downloads }),
      () => {
        // A view that could not be counted is not worth troubling the visitor.
      },
    );
  }, [imageId]);
}

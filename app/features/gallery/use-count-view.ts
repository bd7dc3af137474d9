import { useEffect } from "react";
import { api } from "~/lib/api";

/** Counts a view of each image the overlay shows, once per image shown. */
export function useCountView(imageId: number): void {
  useEffect(() => {
    api(`/api/images/${imageId}/views`, { method: "POST" }).catch(() => {
      // A view that could not be counted is not worth troubling the visitor.
    });
  }, [imageId]);
}

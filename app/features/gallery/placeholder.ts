import { useEffect, useRef, useState } from "react";
import { thumbHashToDataURL } from "thumbhash";
import { whenIdleInTurn } from "~/lib/when-idle";

function decode(thumbhash: string): string | null {
  try {
    return thumbHashToDataURL(Uint8Array.from(atob(thumbhash), (char) => char.charCodeAt(0)));
  } catch {
    return null; // A malformed hash: the dominant colour stays.
  }
}

/**
 * The blurred preview of an image while it loads: its dominant colour from the first paint,
 * then its thumbhash, decoded once the page runs, each image in a moment of its own when the
 * browser is idle and only while the image is still loading. (Decoded during the render that
 * follows hydration, the 30 cards' thumbhashes made one long task, about 30 ms and 120 on a
 * slow phone, mostly for images that had loaded by then.) Neither changes the size of anything.
 *
 * The image's load is noted with `loaded` (give it to the image's `onLoad`) without rendering
 * again (a grid's 30 cards drawn again after hydration were one long task): an image that has
 * loaded by the idle moment is not decoded for, and the preview stays behind it, as it does
 * behind one that loads later.
 */
export function usePlaceholder(color: string, thumbhash: string): { style: React.CSSProperties; loaded: () => void } {
  const [decoded, setDecoded] = useState<{ thumbhash: string; url: string | null } | null>(null);
  const url = decoded?.thumbhash === thumbhash ? decoded.url : undefined;
  // The thumbhash of the image that has loaded, so that an overlay stepping to the next image asks again.
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!thumbhash || url !== undefined) return;
    return whenIdleInTurn(() => {
      if (loadedFor.current !== thumbhash) setDecoded({ thumbhash, url: decode(thumbhash) });
    });
  }, [thumbhash, url]);
  return {
    style: { backgroundColor: color, backgroundImage: url ? `url(${url})` : undefined, backgroundSize: "cover" },
    loaded: () => {
      loadedFor.current = thumbhash;
    },
  };
}

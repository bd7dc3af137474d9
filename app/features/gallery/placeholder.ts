import { useMemo } from "react";
import { thumbHashToDataURL } from "thumbhash";
import { useHydrated } from "~/lib/use-hydrated";

function decode(thumbhash: string): string | null {
  try {
    return thumbHashToDataURL(Uint8Array.from(atob(thumbhash), (char) => char.charCodeAt(0)));
  } catch {
    return null; // A malformed hash: the dominant colour stays.
  }
}

/**
 * The blurred preview of an image while it loads: its dominant colour from the first paint,
 * then (once hydrated) its thumbhash. Neither changes the size of anything.
 */
export function usePlaceholder(color: string, thumbhash: string, loaded: boolean): React.CSSProperties {
  const hydrated = useHydrated();
  const url = useMemo(() => (hydrated && !loaded && thumbhash ? decode(thumbhash) : null), [hydrated, loaded, thumbhash]);
  return loaded ? {} : { backgroundColor: color, backgroundImage: url ? `url(${url})` : undefined, backgroundSize: "cover" };
}

import { useEffect, useState } from "react";
import type { CreatorTotals } from "#contracts/catalog";
import { api } from "~/lib/api";
import { useRootData } from "~/lib/viewer";

/**
 * A creator's totals as they are now. A creator page kept for anonymous visitors may have been
 * rendered up to 30 s ago (decision 015), so an anonymous visitor's page asks for them as it
 * opens and shows them when they come; a signed-in visitor's page is rendered for them, fresh.
 */
export function useCreatorTotals(creator: CreatorTotals): CreatorTotals {
  const signedIn = useRootData().viewer !== null;
  const [fresh, setFresh] = useState<CreatorTotals | null>(null);
  useEffect(() => {
    if (signedIn) return;
    let shown = true;
    api<CreatorTotals>(`/api/creators/${encodeURIComponent(creator.name)}/totals`).then(
      (totals) => shown && setFresh(totals),
      () => {
        // The page's own totals stay: not worth troubling the visitor.
      },
    );
    return () => {
      shown = false;
    };
  }, [creator.name, signedIn]);
  return fresh?.name === creator.name ? fresh : creator;
}

import { useRouteLoaderData } from "react-router";
import { loginPath, type PublicSettings, type Viewer } from "#contracts/account";

export interface RootData {
  viewer: Viewer | null;
  settings: PublicSettings;
  /** Tag suggestions: from how many typed characters, and at most how many. */
  suggestions: { minChars: number; max: number };
}

/** The root loader's data: who is signed in, and the public settings. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("useRootData needs the root loader's data");
  return data;
}

/**
 * Sign in, then come back to the page shown now: read at the moment of the click, so that
 * the many cards of a grid need not re-render on every navigation.
 */
export function loginPathHere(): string {
  return loginPath(window.location.pathname + window.location.search);
}

import { data, redirect } from "react-router";
import { hasRole, loginPath, type Viewer } from "#contracts/account";

/**
 * The studio's pages are for creators and admins: signed-out visitors sign in first, members
 * get the site's 404. The services check the role again: this only decides what to render.
 */
export function creatorOrAdmin(viewer: Viewer | null, request: Request): Viewer {
  const url = new URL(request.url);
  if (!viewer) throw redirect(loginPath(url.pathname + url.search));
  if (!hasRole(viewer, "creator")) throw data(null, { status: 404 });
  return viewer;
}

import type { Role, Viewer } from "#contracts/account";

/** Where creators and admins work, each shown to the roles that may use it. */
const workLinks: ReadonlyArray<{ to: string; label: string; roles: readonly Role[] }> = [
  { to: "/upload", label: "Upload", roles: ["creator", "admin"] },
  { to: "/studio", label: "Your images", roles: ["creator", "admin"] },
  { to: "/admin", label: "Admin", roles: ["admin"] },
];

/** The work links this viewer may use: in the header on wider screens and in the menu everywhere. */
export function workLinksFor(viewer: Viewer | null) {
  return viewer ? workLinks.filter((link) => link.roles.includes(viewer.role)) : [];
}

import { hasRole, type Role, type Viewer } from "#contracts/account";

/** Where creators and admins work, each shown to those who hold its role or one above it. */
const workLinks: ReadonlyArray<{ to: string; label: string; role: Role }> = [
  { to: "/upload", label: "Upload", role: "creator" },
  { to: "/studio", label: "Your images", role: "creator" },
  { to: "/admin", label: "Admin", role: "admin" },
];

/** The work links this viewer may use: in the header on wider screens and in the menu everywhere. */
export function workLinksFor(viewer: Viewer | null) {
  return workLinks.filter((link) => hasRole(viewer, link.role));
}

import { hasRole, type Role, type Viewer } from "#contracts/account";

interface RoleLink {
  to: string;
  label: string;
  role: Role;
}

/** Where creators and admins work, each shown to those who hold its role or one above it. */
const workLinks: ReadonlyArray<RoleLink> = [
  { to: "/upload", label: "Upload", role: "creator" },
  { to: "/studio", label: "Your images", role: "creator" },
  { to: "/admin", label: "Admin", role: "admin" },
];

/** The account menu's pages (account-menu.tsx), by role as the work links. */
const accountLinks: ReadonlyArray<RoleLink> = [
  { to: "/profile-settings", label: "Profile", role: "member" },
  { to: "/studio", label: "Studio", role: "creator" },
  { to: "/admin", label: "Admin", role: "admin" },
];

const linksFor = (links: ReadonlyArray<RoleLink>, viewer: Viewer | null) => links.filter((link) => hasRole(viewer, link.role));

/** The work links this viewer may use: in the header on wider screens and in the menu everywhere. */
export const workLinksFor = (viewer: Viewer | null) => linksFor(workLinks, viewer);

/** The account menu's links this viewer may use. */
export const accountLinksFor = (viewer: Viewer | null) => linksFor(accountLinks, viewer);

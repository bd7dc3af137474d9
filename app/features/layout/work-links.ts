import { hasRole, type Role, type Viewer } from "#contracts/account";
import type { MessageId } from "~/i18n/i18n";

interface RoleLink {
  to: string;
  label: MessageId;
  role: Role;
}

/** Where creators and admins work, each shown to those who hold its role or one above it. */
const workLinks: ReadonlyArray<RoleLink> = [
  { to: "/upload", label: "work.upload", role: "creator" },
  { to: "/studio", label: "work.studio", role: "creator" },
  { to: "/admin", label: "work.admin", role: "admin" },
];

/** The account menu's pages (account-menu.tsx), by role as the work links. */
const accountLinks: ReadonlyArray<RoleLink> = [
  { to: "/profile-settings", label: "account.profile", role: "member" },
  { to: "/studio", label: "account.studio", role: "creator" },
  { to: "/admin", label: "account.admin", role: "admin" },
];

const linksFor = (links: ReadonlyArray<RoleLink>, viewer: Viewer | null) => links.filter((link) => hasRole(viewer, link.role));

/** The work links this viewer may use: in the header on wider screens and in the menu everywhere. */
export const workLinksFor = (viewer: Viewer | null) => linksFor(workLinks, viewer);

/** The account menu's links this viewer may use. */
export const accountLinksFor = (viewer: Viewer | null) => linksFor(accountLinks, viewer);

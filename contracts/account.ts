import type { OfferedLocale } from "./locales.ts";

/** What an account may do: members like, download and collect; creators also publish; admins also run the site. */
export const roles = ["member", "creator", "admin"] as const;
export type Role = (typeof roles)[number];

/** The signed-in person as the app sees them. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The creator page the account publishes under, when it has one. */
  creatorId: number | null;
  /** The language the account chose (its mails go out in it); absent while it chose none. */
  locale?: OfferedLocale;
}

/** Whether the viewer holds `role` or one above it (`roles` runs from least to most); a signed-out visitor holds none. */
export function hasRole(viewer: Viewer | null, role: Role): viewer is Viewer {
  return viewer !== null && roles.indexOf(viewer.role) >= roles.indexOf(role);
}

/** Sign in, then come back to `returnTo` (a path with its query string): the page and the server send visitors here. */
export function loginPath(returnTo: string): string {
  return `/login?redirectTo=${encodeURIComponent(returnTo)}`;
}

/** Settings the browser needs; nothing secret. */
export interface PublicSettings {
  baseUrl: string;
  socialUrl: string;
  googleEnabled: boolean;
  passwordMinLength: number;
  /** UPLOAD_MAX_MB in bytes: the largest file /upload and the avatar take. */
  uploadMaxBytes: number;
  /** UPLOAD_MAX_PIXELS: the largest picture they take. */
  uploadMaxPixels: number;
}

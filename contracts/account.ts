/** The signed-in person as the app sees them. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
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
}

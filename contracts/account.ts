/** The signed-in person as the app sees them. */
export interface Viewer {
  id: string;
  name: string;
  email: string;
}

/** Settings the browser needs; nothing secret. */
export interface PublicSettings {
  baseUrl: string;
  socialUrl: string;
  googleEnabled: boolean;
  passwordMinLength: number;
}

/** Where Content Credentials are checked and published (contracts/credentials.ts); without Zod, for every page's bundle. */
export const CHECK_CREDENTIALS_PATH = "/api/content-credentials/check";
export const ROOT_CERTIFICATE_PATH = "/content-credentials/root.pem";
export const VERIFY_PAGE_PATH = "/verify";

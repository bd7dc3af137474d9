import { z } from "zod";
import "./zod-config.ts";

/**
 * Content Credentials as readers see them (issue 25, decision 032).
 *   POST /api/content-credentials/check  body: the file's bytes (application/octet-stream, at most
 *        UPLOAD_MAX_MB) -> CredentialsVerdict. Nothing is stored. A file that is not an image is
 *        refused (415), one whose credentials cannot be read answers 422 with why.
 *   GET  /content-credentials/root.pem   the root certificate the site's signatures chain up to.
 * The /verify page shows a verdict in the words below. The paths: credentials-paths.ts.
 */

/** What the manifest says of the picture, as far as it says it. */
const described = {
  /** Who signed: the signing certificate's organisation (or common name). */
  signer: z.string(),
  /** When it was signed (ISO 8601), when the manifest says. */
  signedAt: z.string().nullable(),
  title: z.string().nullable(),
  creator: z.string().nullable(),
  /** The AI tool the `c2pa.created` action names (softwareAgent). */
  aiTool: z.string().nullable(),
  /** The licence's URL. */
  license: z.string().nullable(),
};

export const credentialsVerdict = z.discriminatedUnion("verdict", [
  /** Signed by this site, and not changed since. */
  z.object({ verdict: z.literal("intact"), ...described }),
  /** The manifest does not match the file (or itself): changed after it was signed. */
  z.object({ verdict: z.literal("altered"), signer: z.string().nullable() }),
  /** Signed by a certificate other than this site's, and not changed since; `trusted`: it chains to a root this site trusts. */
  z.object({ verdict: z.literal("other"), trusted: z.boolean(), ...described }),
  /** The file carries no Content Credentials. */
  z.object({ verdict: z.literal("none") }),
]);
export type CredentialsVerdict = z.infer<typeof credentialsVerdict>;

/** The "Content Credentials" line of an image's page: who signs its downloads, with what AI tool, since when. */
export const imageCredentials = z.object({
  signer: z.string(),
  aiTool: z.string().nullable(),
  /** When its download files were signed (ISO 8601); null until they are made. */
  signedAt: z.string().nullable(),
});
export type ImageCredentials = z.infer<typeof imageCredentials>;

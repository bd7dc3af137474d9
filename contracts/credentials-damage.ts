/** Zod-free, for the /verify page's script as well as the server. */

/**
 * Why the Content Credentials a file carries could not be read (the `reason` of the check's 422):
 * - `image`: the file says it is an image of its type but its image cannot be parsed (cut short, no image behind its segments);
 * - `manifest`: the manifest store is malformed, cut short or larger than the file;
 * - `cycle`: a manifest names itself among its ingredients' ingredients;
 * - `slow`: reading took longer than the reader allows (server/credentials/reader-pool.ts).
 */
export const credentialsDamages = ["image", "manifest", "cycle", "slow"] as const;
export type CredentialsDamage = (typeof credentialsDamages)[number];

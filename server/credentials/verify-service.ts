import { X509Certificate } from "node:crypto";
import type { CredentialsVerdict } from "#contracts/credentials";
import type { CredentialsDamage } from "#contracts/credentials-damage";
import { AppError } from "../errors.ts";
import { credentialsFormat } from "./reader.ts";
import type { ReaderPool } from "./reader-pool.ts";
import type { ContentSigner } from "./signer.ts";
import { verdictOf } from "./verdict.ts";

/** Why a file's Content Credentials could not be read, as /verify says it. */
const DAMAGE: Record<CredentialsDamage, string> = {
  image: "This file is damaged: its picture could not be read, so neither could its Content Credentials.",
  manifest: "This file's Content Credentials are damaged or incomplete and could not be read.",
  cycle: "This file's Content Credentials could not be read: their ingredients refer to each other in a loop.",
  slow: "This file took too long to check. Its Content Credentials may be damaged.",
};

/** The formats a reader may check, as /verify names them. */
export const CHECKED_FORMATS = "JPEG, PNG, WebP, AVIF, HEIC, TIFF or GIF";

/**
 * /verify: what anyone may learn of a file's Content Credentials (decision 032). The file is
 * read in the reader pool, off the main thread and for a bounded time, with the site's root as
 * trust anchor; nothing of it is kept.
 */
export function createVerifyService({ readers, signer }: { readers: ReaderPool; signer: Pick<ContentSigner, "identity"> }) {
  /** The site's signing certificate's serial number, in decimal as the reader gives it. */
  let siteSerial: Promise<string> | undefined;
  const serial = () =>
    (siteSerial ??= signer.identity().then(({ chain }) => BigInt(`0x${new X509Certificate(chain[0]!).serialNumber}`).toString()));

  return {
    async check(bytes: Uint8Array): Promise<CredentialsVerdict> {
      if (!bytes.length) throw new AppError("BAD_REQUEST", "Pick a file to check.");
      if (!credentialsFormat(bytes)) throw new AppError("UNSUPPORTED_MEDIA", `This file is not an image that can carry Content Credentials: pick a ${CHECKED_FORMATS} file.`);
      const report = await readers.read(bytes, (await signer.identity()).rootPem);
      if (report.damage) throw new AppError("UNPROCESSABLE", DAMAGE[report.damage], { reason: report.damage });
      return verdictOf(report, await serial());
    },
  };
}

export type VerifyService = ReturnType<typeof createVerifyService>;

import { writeFileSync } from "node:fs";
import { workerData } from "node:worker_threads";
import { FileBlob } from "./library.ts";
import { signJpeg, type SigningJob } from "./signer.ts";

/**
 * A thread that signs one file and ends (server/credentials/signer.ts, `signFile`): the library
 * reads the file from its path as it asks, and the signed file is written to `out`.
 */
const { identity, path, out, facts, parent } = workerData as SigningJob;
writeFileSync(out, await signJpeg(identity, new FileBlob(path), facts, parent));

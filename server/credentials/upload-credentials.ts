import { mayCarryCredentials } from "./credentials-presence.ts";
import type { ReviewReason } from "#contracts/admin";
import type { ReaderPool } from "./reader-pool.ts";

/**
 * What an uploaded file's own Content Credentials (an AI generator's signed export) give its
 * image (decision 031): the model its `c2pa.created` action names, the manifest store kept as
 * the parent of every manifest the site signs for it, and why an admin should look at it.
 * A file without credentials gives nothing; credentials that cannot be read flag the image,
 * never refuse it (the picture itself is checked by the import).
 */
export interface UploadCredentials {
  /** The `softwareAgent` of the `c2pa.created` action, when it names one and the credentials are valid. */
  model: string | null;
  /** The upload's manifest store as the C2PA library's archive of one `parentOf` ingredient; null: none kept. */
  parent: Uint8Array | null;
  /** Why an admin should review the image, by code (contracts/admin.ts); null: nothing to review. */
  review: ReviewReason[] | null;
}

/** The largest parent archive kept: a generator's manifest with a thumbnail is tens of KB. */
export const PARENT_CREDENTIALS_MAX_BYTES = 1024 * 1024;
/** The longest model name taken from a manifest (the upload form's limit). */
const MODEL_MAX = 200;
/** The IPTC digital source type of a picture taken by a camera. */
const DIGITAL_CAPTURE = /\/digitalsourcetype\/digitalCapture$/;
/** Failures that leave credentials valid: a generator's certificate need not chain to a root we trust. */
const UNTRUSTED = "signingCredential.untrusted";

const NONE: UploadCredentials = { model: null, parent: null, review: null };

interface Action {
  action?: unknown;
  digitalSourceType?: unknown;
  softwareAgent?: unknown;
}

/** The `c2pa.created` action of a manifest as the reader gives it. */
function createdAction(manifest: Record<string, unknown> | null): Action | undefined {
  const assertions = Array.isArray(manifest?.assertions) ? (manifest.assertions as Array<{ label?: unknown; data?: { actions?: unknown } }>) : [];
  const actions = assertions.find((a) => typeof a.label === "string" && a.label.startsWith("c2pa.actions"))?.data?.actions;
  return Array.isArray(actions) ? (actions as Action[]).find((a) => a.action === "c2pa.created") : undefined;
}

/** A softwareAgent is a name (C2PA 1.x) or a generator's info with one (2.x). */
function agentName(agent: unknown): string | null {
  const name = typeof agent === "string" ? agent : typeof (agent as { name?: unknown } | null)?.name === "string" ? (agent as { name: string }).name : null;
  const trimmed = name?.trim();
  return trimmed ? trimmed.slice(0, MODEL_MAX) : null;
}

/**
 * Reads and validates the Content Credentials of the uploaded file at `path` in the reader pool
 * (off the main thread, in bounded time, the file read by the thread), named `fileName` in the
 * history it keeps. The C2PA library takes a file whole (even from a Blob it reads every byte at
 * once): a file that cannot carry credentials is not read at all (credentials-presence.ts).
 */
export async function readUploadCredentials(readers: Pick<ReaderPool, "readUpload">, path: string, fileName: string): Promise<UploadCredentials> {
  if (!(await mayCarryCredentials(path))) return NONE;
  const { report, parent } = await readers.readUpload(path, fileName);
  if (report.damage) return { ...NONE, review: [{ code: "unreadable", values: { damage: report.damage } }] };
  if (report.state === null || !report.format) return NONE;
  if (!(parent instanceof Uint8Array)) return { ...NONE, review: [{ code: "unreadable", values: { damage: "manifest" } }] };
  const created = createdAction(report.manifest);
  const failures = report.failures.filter((code) => code !== UNTRUSTED);
  const reasons: ReviewReason[] = [
    ...(report.state === "Invalid" ? [{ code: "invalid" as const, values: { failures: failures.join(", ") } }] : []),
    ...(typeof created?.digitalSourceType === "string" && DIGITAL_CAPTURE.test(created.digitalSourceType) ? [{ code: "capture" as const, values: {} }] : []),
    ...(parent.length > PARENT_CREDENTIALS_MAX_BYTES
      ? [{ code: "tooLarge" as const, values: { size: Math.ceil(parent.length / 1024), limit: PARENT_CREDENTIALS_MAX_BYTES / 1024 } }]
      : []),
  ];
  return {
    model: report.state === "Invalid" ? null : agentName(created?.softwareAgent),
    parent: parent.length > PARENT_CREDENTIALS_MAX_BYTES ? null : parent,
    review: reasons.length ? reasons : null,
  };
}

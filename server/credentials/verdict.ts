import type { CredentialsVerdict } from "#contracts/credentials";
import type { CredentialsReport } from "./reader.ts";

/** What a reader is told of a file's Content Credentials (/verify), from the C2PA reader's report with the site's root as trust anchor. */

interface Assertion {
  label?: unknown;
  data?: unknown;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The data of the manifest's first assertion whose label starts with one of `labels` (e.g. `c2pa.actions` and `c2pa.actions.v2`). */
function assertionData(manifest: Record<string, unknown>, ...labels: string[]): Record<string, unknown> {
  const found = list(manifest.assertions).find((a) => {
    const label = text((a as Assertion | null)?.label);
    return label !== null && labels.some((l) => label === l || label.startsWith(`${l}.`));
  }) as Assertion | undefined;
  return record(found?.data);
}

/** The facts a manifest states: who signed it and when, the title, creator, AI tool and licence. */
export function manifestFacts(manifest: Record<string, unknown>) {
  const signature = record(manifest.signature_info);
  const actions = list(assertionData(manifest, "c2pa.actions").actions).map(record);
  const created = actions.find((a) => a.action === "c2pa.created" || a.action === "c2pa.opened");
  const published = actions.find((a) => a.action === "c2pa.published");
  const work = assertionData(manifest, "stds.schema-org.CreativeWork");
  const author = record(list(work.author)[0] ?? work.author);
  return {
    signer: text(signature.issuer) ?? text(signature.common_name) ?? "an unnamed signer",
    signedAt: text(published?.when) ?? text(signature.time),
    title: text(manifest.title) ?? text(work.name),
    creator: text(author.name),
    aiTool: text(record(created?.softwareAgent).name) ?? text(created?.softwareAgent),
    license: text(work.license),
  };
}

/** Failures that say the file or its manifest changed after signing: a hash that does not match, a part gone. */
const ALTERED = /\.mismatch$|\.missing$|^(assertion\.(dataHash|bmffHash|boxesHash|hashedURI)|claimSignature)\./;

/**
 * The verdict on a report read with the site's root as trust anchor: intact (signed with the
 * site's certificate, `siteSerial`, nothing changed), altered (a hash or the signature does not
 * match), signed by someone else (trusted when its chain ends in the site's root, e.g. another
 * customer of the operator's CA), or none. Reports of damaged credentials have no verdict: the
 * caller says why they could not be read.
 */
export function verdictOf(report: CredentialsReport, siteSerial: string): CredentialsVerdict {
  if (!report.manifest || !report.state) return { verdict: "none" };
  const facts = manifestFacts(report.manifest);
  if (report.failures.some((code) => ALTERED.test(code))) return { verdict: "altered", signer: facts.signer };
  const trusted = report.state === "Trusted";
  if (trusted && text(record(report.manifest.signature_info).cert_serial_number) === siteSerial) return { verdict: "intact", ...facts };
  return { verdict: "other", trusted, ...facts };
}

import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { ErrorCode } from "#contracts/api-error";
import { AppError } from "../../errors.ts";
import { SourceError, type SourceEntry } from "./import-service.ts";
import { splitTags } from "../../image-text/text.ts";

/**
 * An Airtable base's table `Images` through the REST API, mapped as the spec's section 3
 * says: Name, Tags (list or comma string), Category, Creator, Like, the download count under
 * any of its five names, and the first attachment of field Image (or else of any attachment
 * field); and how the image was made: Model, Prompt, Negative Prompt, Seed, Settings, Generated.
 * Pages of 100 records, newest first by field Created; HTTP 429 is retried with exponential
 * backoff and jitter (`retryDelay`); other failures stop the import with Airtable's error.
 */

export const DOWNLOAD_COUNT_FIELDS = ["Download count", "Download Count", "download count", "Downloads", "downloads"];
const PAGE_SIZE = 100;
/** Spec section 9: the retry delay starts at 5000 ms and never exceeds 600000 ms. */
export const RETRY_FIRST_DELAY_MS = 5_000;
export const RETRY_MAX_DELAY_MS = 600_000;
/** Rate-limited answers retried before the import stops with TOO_MANY_REQUESTS (README says so). */
export const RATE_LIMIT_RETRIES = 8;

/**
 * The wait before retry `attempt` (0 for the first): 5000 ms doubled per attempt, plus up to
 * half of that again as jitter (`random` in [0, 1)), capped at 600000 ms. Without jitter the
 * waits are 5, 10, 20, 40, 80, 160, 320 and 600 s: about 21 minutes in all.
 */
export function retryDelay(attempt: number, random: number): number {
  const nominal = RETRY_FIRST_DELAY_MS * 2 ** attempt;
  return Math.min(RETRY_MAX_DELAY_MS, Math.round(nominal * (1 + random / 2)));
}

export interface AirtableOptions {
  baseId: string;
  apiKey: string;
  table?: string;
  /** https://api.airtable.com unless a test or proxy says otherwise. */
  apiUrl?: string;
  /** Per request (spec: 300000 ms). */
  timeoutMs?: number;
  /** Told about each retry, e.g. to show it on the console. */
  onRetry?: (delayMs: number) => void;
  /** How a retry waits (a timer unless a test says otherwise) and where its jitter comes from. */
  sleep?: (ms: number) => Promise<unknown>;
  random?: () => number;
  /** Attachments of more pixels are skipped before they are downloaded (UPLOAD_MAX_PIXELS). */
  maxPixels: number;
}

/** Airtable's error codes by HTTP status, with the spec's messages and our AppError code. */
const statusErrors: Record<number, { type: string; message: string; code: ErrorCode }> = {
  401: { type: "AUTHENTICATION_REQUIRED", message: "You should provide valid api key to perform this operation", code: "UNAUTHENTICATED" },
  403: { type: "NOT_AUTHORIZED", message: "You are not authorized to perform this operation", code: "FORBIDDEN" },
  404: { type: "NOT_FOUND", message: "Could not find what you are looking for (check the base id and that the table is named Images)", code: "NOT_FOUND" },
  413: { type: "REQUEST_TOO_LARGE", message: "Request body is too large", code: "PAYLOAD_TOO_LARGE" },
  422: { type: "UNPROCESSABLE_ENTITY", message: "The request could not be processed", code: "UNPROCESSABLE" },
  500: { type: "SERVER_ERROR", message: "Try again. If the problem persists, contact Airtable support.", code: "UNAVAILABLE" },
  503: { type: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable. Please retry shortly.", code: "UNAVAILABLE" },
};

function airtableError(type: string, message: string, code: ErrorCode): AppError {
  return new AppError(code, `Airtable: ${type}: ${message}`, { airtableError: type });
}

/** The error Airtable put in the body, if any: `{error: {type, message}}` or `{error: "TYPE"}`. */
function bodyError(body: unknown): { type?: string; message?: string } {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === "string") return { type: error };
  if (error && typeof error === "object") return error as { type?: string; message?: string };
  return {};
}

const attachment = z.object({
  url: z.string().url(),
  filename: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  size: z.number().optional(),
});
type Attachment = z.infer<typeof attachment>;
const attachments = z.array(attachment).min(1);

const page = z.object({
  records: z.array(z.object({ id: z.string(), createdTime: z.string().optional(), fields: z.record(z.string(), z.unknown()) })),
  offset: z.string().optional(),
});
type AirtableRecord = z.infer<typeof page>["records"][number];

/** The first attachment of field Image, or else of the first field holding attachments. */
function firstAttachment(fields: Record<string, unknown>): Attachment | undefined {
  const image = attachments.safeParse(fields.Image);
  if (image.success) return image.data[0];
  for (const value of Object.values(fields)) {
    const parsed = attachments.safeParse(value);
    if (parsed.success) return parsed.data[0];
  }
  return undefined;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);
/** Text, or a number field as text (a seed). */
const textOrNumber = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? String(value) : text(value));
const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined);

/** A collaborator field ({name}), a lookup (list) or plain text. */
function creatorName(value: unknown): string | undefined {
  if (Array.isArray(value)) return creatorName(value[0]);
  if (value && typeof value === "object") return text((value as { name?: unknown }).name);
  return text(value);
}

function date(value: unknown): Date | undefined {
  if (typeof value !== "string") return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** One record as an import entry, or the reason it is skipped. */
export function airtableEntry(record: AirtableRecord, download: (url: string) => Promise<Readable>, maxPixels: number): SourceEntry {
  const { fields } = record;
  const file = firstAttachment(fields);
  if (!file) return { sourceId: record.id, skip: "no attachment", detail: "the record has no image attachment" };
  if (file.width && file.height && file.width * file.height > maxPixels) {
    return { sourceId: record.id, skip: "too large", detail: `${file.width} × ${file.height}` };
  }
  return {
    source: "airtable",
    sourceId: record.id,
    title: text(fields.Name),
    tags: splitTags(fields.Tags),
    category: text(fields.Category),
    creator: creatorName(fields.Creator),
    createdAt: date(fields.Created) ?? date(record.createdTime),
    downloads: DOWNLOAD_COUNT_FIELDS.map((name) => count(fields[name])).find((n) => n !== undefined),
    howMade: {
      model: text(fields.Model),
      prompt: text(fields.Prompt),
      negativePrompt: text(fields["Negative Prompt"]),
      seed: textOrNumber(fields.Seed),
      settings: text(fields.Settings),
      generatedAt: date(fields.Generated),
    },
    file: () => download(file.url),
  };
}

/** Every record of the table (all pages), as import entries whose files download on demand. */
export async function airtableSource(options: AirtableOptions): Promise<SourceEntry[]> {
  const apiUrl = (options.apiUrl ?? "https://api.airtable.com").replace(/\/+$/, "");
  const table = options.table ?? "Images";
  const timeoutMs = options.timeoutMs ?? 300_000;
  const wait = options.sleep ?? sleep;
  const random = options.random ?? Math.random;

  async function request(url: string): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(url, { headers: { Authorization: `Bearer ${options.apiKey}` }, signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw airtableError("CONNECTION_ERROR", `Could not reach ${apiUrl} (${(error as Error).cause ? String((error as Error & { cause: Error }).cause.message) : (error as Error).message})`, "UNAVAILABLE");
      }
      const raw = await res.text();
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        if (res.ok) throw airtableError("INVALID_JSON", `The response to ${url.replace(apiUrl, "")} is not valid JSON`, "UNAVAILABLE");
      }
      if (res.status === 429) {
        if (attempt === RATE_LIMIT_RETRIES) {
          throw airtableError("TOO_MANY_REQUESTS", `Still rate-limited after ${RATE_LIMIT_RETRIES} retries; try again later`, "RATE_LIMITED");
        }
        const delay = retryDelay(attempt, random());
        options.onRetry?.(delay);
        await wait(delay);
        continue;
      }
      if (!res.ok) {
        const known = statusErrors[res.status];
        const given = bodyError(body);
        throw airtableError(
          given.type ?? known?.type ?? "UNEXPECTED_ERROR",
          given.message ?? known?.message ?? `HTTP ${res.status}`,
          known?.code ?? (res.status >= 500 ? "UNAVAILABLE" : "BAD_REQUEST"),
        );
      }
      return body;
    }
  }

  /** An attachment as it downloads: the import writes it to a work file as it comes, never holding it whole. */
  async function download(url: string): Promise<Readable> {
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new SourceError("download failed", `${url}: ${(error as Error).message}`);
    }
    if (!res.ok || !res.body) throw new SourceError("download failed", `${url}: HTTP ${res.status}`);
    return Readable.fromWeb(res.body as ReadableStream<Uint8Array>);
  }

  const entries: SourceEntry[] = [];
  let offset: string | undefined;
  do {
    const params = new URLSearchParams({ pageSize: String(PAGE_SIZE), "sort[0][field]": "Created", "sort[0][direction]": "desc" });
    if (offset) params.set("offset", offset);
    const parsed = page.safeParse(await request(`${apiUrl}/v0/${encodeURIComponent(options.baseId)}/${encodeURIComponent(table)}?${params}`));
    if (!parsed.success) throw airtableError("INVALID_RESPONSE", "The response is not a page of records", "UNAVAILABLE");
    for (const record of parsed.data.records) entries.push(airtableEntry(record, download, options.maxPixels));
    offset = parsed.data.offset;
  } while (offset);
  return entries;
}

import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { AppError } from "../../errors.ts";
import type { SourceEntry } from "./import-service.ts";
import { splitTags } from "../../image-text/text.ts";

/**
 * A folder of image files, with an optional manifest.json (an array of objects) or
 * manifest.csv (a header row) giving, per file: file, title, tags, category, creator, created,
 * and how it was made: model, prompt, negative_prompt, seed, settings, generated.
 * Files the manifest does not mention are imported with a title from their name.
 */

const dateColumn = (name: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return undefined;
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message: `${name} must be a date such as 2024-05-01` });
        return z.NEVER;
      }
      return date;
    });

/** Text; a number (a seed) as text too. */
const textColumn = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value) => (value === undefined ? undefined : String(value)));

const manifestRow = z.object({
  file: z.string().trim().min(1, "file is required"),
  title: z.string().trim().optional(),
  tags: z.union([z.array(z.string()), z.string()]).optional(),
  category: z.string().trim().optional(),
  creator: z.string().trim().optional(),
  created: dateColumn("created"),
  model: textColumn,
  prompt: textColumn,
  negative_prompt: textColumn,
  seed: textColumn,
  /** Text, or (JSON) an object of settings, kept as its JSON text. */
  settings: z
    .union([z.string(), z.number(), z.record(z.string(), z.unknown())])
    .optional()
    .transform((value) => (value === undefined ? undefined : typeof value === "object" ? JSON.stringify(value) : String(value))),
  generated: dateColumn("generated"),
});
type ManifestRow = z.infer<typeof manifestRow>;

const MANIFESTS = ["manifest.json", "manifest.csv"];

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows.filter((r) => r.some((f) => f.trim()));
}

async function readManifest(dir: string): Promise<ManifestRow[]> {
  const name = MANIFESTS.find((m) => existsSync(path.join(dir, m)));
  if (!name) return [];
  const text = (await readFile(path.join(dir, name), "utf8")).replace(/^\uFEFF/, "");
  let raw: unknown[];
  if (name.endsWith(".json")) {
    try {
      raw = z.array(z.unknown()).parse(JSON.parse(text));
    } catch {
      throw new AppError("BAD_REQUEST", `${name} must be a JSON array of objects such as {"file": "a.jpg", "title": "…"}`);
    }
  } else {
    const [header = [], ...lines] = parseCsv(text);
    const columns = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
    raw = lines.map((line) => Object.fromEntries(columns.map((c, i) => [c, line[i]?.trim() || undefined]).filter(([, v]) => v !== undefined)));
  }
  return raw.map((entry, i) => {
    const parsed = manifestRow.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError("BAD_REQUEST", `${name}, entry ${i + 1}: ${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}`);
    }
    return parsed.data;
  });
}

/** 'golden-hour_beach.jpg' -> 'Golden hour beach' */
function titleFromFileName(file: string): string {
  const words = path.parse(file).name.replace(/[-_.]+/g, " ").replace(/\s+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "";
}

/** The folder's files as import entries (files are read only when imported). */
export async function folderSource(dir: string, options: { creator?: string | undefined } = {}): Promise<SourceEntry[]> {
  const root = path.resolve(dir);
  const info = await stat(root).catch(() => null);
  if (!info?.isDirectory()) throw new AppError("NOT_FOUND", `No such folder: ${dir}`);
  const manifest = new Map((await readManifest(root)).map((row) => [row.file, row]));
  const files = (await readdir(root, { withFileTypes: true }))
    .filter((f) => f.isFile() && !f.name.startsWith(".") && !MANIFESTS.includes(f.name))
    .map((f) => f.name)
    .sort();

  const entries: SourceEntry[] = [];
  for (const file of files) {
    const row = manifest.get(file);
    manifest.delete(file);
    const full = path.join(root, file);
    entries.push({
      source: "folder",
      sourceId: full,
      title: row?.title || titleFromFileName(file),
      tags: splitTags(row?.tags),
      category: row?.category,
      creator: row?.creator || options.creator,
      createdAt: row?.created ?? (await stat(full)).mtime,
      howMade: row && {
        model: row.model,
        prompt: row.prompt,
        negativePrompt: row.negative_prompt,
        seed: row.seed,
        settings: row.settings,
        generatedAt: row.generated,
      },
      file: async () => full,
    });
  }
  for (const file of manifest.keys()) entries.push({ sourceId: path.join(root, file), skip: "missing file", detail: `${file} is in the manifest but not in the folder` });
  return entries;
}

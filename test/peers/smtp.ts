import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { SMTPServer } from "smtp-server";

/**
 * A local SMTP server for tests: it accepts every message and writes it, as received, to
 * `dir` (one .eml file each), where a test in any process can read it.
 */
export async function startSmtpPeer(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        const file = path.join(dir, `${String(++received).padStart(5, "0")}.eml`);
        writeFileSync(file, `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString("utf8")}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedMail {
  to: string;
  subject: string;
  /** The message source with quoted-printable undone (soft line breaks, and each =XX byte as UTF-8 text). */
  body: string;
}

/** Bytes read one per character (latin1) as the UTF-8 text they are. */
const utf8 = (bytes: string) => Buffer.from(bytes, "latin1").toString("utf8");

/** A header's encoded words (RFC 2047, `=?UTF-8?Q?…?=` or `?B?`) as text. */
const decodeWords = (value: string) =>
  value.replace(/=\?UTF-8\?([QB])\?(.*?)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : utf8(text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/g, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16)))),
  );

function readMail(file: string): ReceivedMail {
  const raw = readFileSync(file, "latin1");
  // The headers, each folded over several lines unfolded.
  const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => decodeWords(new RegExp(`^${name}: (.*)$`, "mi").exec(headers)?.[1]?.trim() ?? "");
  const body = utf8(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))));
  return { to: header("X-Envelope-To"), subject: header("Subject"), body };
}

/** The mails received in `dir` for `to`, oldest first. */
export function mailsTo(dir: string, to: string): ReceivedMail[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  return files.map((f) => readMail(path.join(dir, f))).filter((m) => m.to.toLowerCase().split(",").includes(to.toLowerCase()));
}

/** Waits (up to 10 s) for the `count`-th mail to `to` and returns it. */
export async function waitForMail(dir: string, to: string, count = 1): Promise<ReceivedMail> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const mails = mailsTo(dir, to);
    if (mails.length >= count) return mails[count - 1]!;
    await sleep(50);
  }
  throw new Error(`No mail number ${count} to ${to} arrived within 10 s`);
}

/** The first link on this site found in a mail. */
export function linkIn(mail: ReceivedMail, baseUrl: string): string {
  const escaped = baseUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`${escaped}/[^\\s"<>]+`).exec(mail.body);
  if (!match) throw new Error(`No link to ${baseUrl} in the mail "${mail.subject}"`);
  return match[0].replace(/&amp;/g, "&");
}

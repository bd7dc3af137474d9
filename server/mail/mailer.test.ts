import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { waitForMail } from "../../test/peers/smtp.ts";
import { scratchDir } from "../../test/scratch-dir.ts";
import { smtpPeer } from "../auth/test-accounts.ts";
import type { Logger } from "../logger.ts";
import { createMailer } from "./mailer.ts";

const mail = {
  to: "reader@example.test",
  subject: "Reset your Stockroom password",
  text: "Open https://stockroom.test/reset-password?token=abc",
  html: '<a href="https://stockroom.test/reset-password?token=abc">Choose a new password</a>',
  link: "https://stockroom.test/reset-password?token=abc",
};

/** A logger that keeps what the operator would read. */
function operatorLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (line) => lines.push(line), debug: () => {}, error: (line) => lines.push(line), request: () => {} };
}

describe("the mailer", () => {
  it("sends through SMTP_URL", async () => {
    const smtp = await smtpPeer();
    const mailer = createMailer({ smtpUrl: smtp.url, from: "Stockroom <no-reply@stockroom.test>", dataDir: scratchDir("data"), log: operatorLog() });
    await mailer.send(mail);
    const received = await waitForMail(smtp.dir, mail.to);
    expect(received.subject).toBe(mail.subject);
    expect(received.body).toContain(mail.link);
  });

  it("without SMTP_URL, writes the message to DATA_DIR/outbox and logs its link", async () => {
    const dataDir = scratchDir("data");
    const log = operatorLog();
    const mailer = createMailer({ smtpUrl: undefined, from: "Stockroom <no-reply@stockroom.test>", dataDir, log });
    await mailer.send(mail);
    const outbox = path.join(dataDir, "outbox");
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const message = readFileSync(path.join(outbox, files[0]!), "utf8");
    expect(message).toContain("To: reader@example.test");
    expect(message).toContain("Subject: Reset your Stockroom password");
    expect(log.lines.join("\n")).toContain(mail.link);
  });
});

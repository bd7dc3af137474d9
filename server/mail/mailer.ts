import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "../logger.ts";

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about, logged when mail is written to the outbox. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends mail through SMTP_URL; without it, writes each message as an .eml file to
 * DATA_DIR/outbox/ and logs its link, so a site without a mail server still works.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; log: Logger }): Mailer {
  const { smtpUrl, from, dataDir, log } = options;
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from, to, subject, text, html });
      },
    };
  }
  const outbox = path.join(dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send({ to, subject, text, html, link }) {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, "-")}-${info.messageId.replace(/[^\w.-]/g, "")}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info(`Mail to ${to} ("${subject}") written to ${file}; its link: ${link}`);
    },
  };
}

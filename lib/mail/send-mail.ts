import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/logger";

export type Mail = { to: string; subject: string; text: string; html: string };

// SMTP when SMTP_URL is set; otherwise every message becomes an .eml file in the outbox, so a
// bare machine (and the browser tests) can read the links it would have mailed.
let smtp: { url: string; transport: Transporter } | undefined;

function smtpTransport(url: string): Transporter {
  if (smtp?.url !== url) smtp = { url, transport: nodemailer.createTransport(url) };
  return smtp.transport;
}

const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

/**
 * Sends a notice about a change already made: a mail server that is down does not undo it.
 * False when the mail could not be sent (sendMail has logged why).
 */
export async function notify(mail: Mail): Promise<boolean> {
  try {
    await sendMail(mail);
    return true;
  } catch {
    return false;
  }
}

/** Sends one mail; a mail server that is down is 503 UNAVAILABLE (retryable), never a 500. */
export async function sendMail(mail: Mail): Promise<void> {
  const settings = env();
  const message = { from: settings.MAIL_FROM, ...mail };
  try {
    if (settings.SMTP_URL) {
      await smtpTransport(settings.SMTP_URL).sendMail(message);
      return;
    }
    const info = await fileTransport.sendMail(message);
    await mkdir(settings.outboxDir, { recursive: true, mode: 0o700 });
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`;
    await writeFile(path.join(settings.outboxDir, name), info.message as Buffer, { mode: 0o600 });
  } catch (err) {
    // Never log the message: it carries a verification or reset link.
    logger.error("mail delivery failed", {
      subject: mail.subject,
      error: err instanceof Error ? err.message : String(err),
    });
    throw new ApiError("UNAVAILABLE", "E-mail could not be sent right now; please try again in a few minutes");
  }
}

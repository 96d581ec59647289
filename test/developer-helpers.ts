import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, vi } from "vitest";
import type { AddressInfo } from "node:net";
import { resetEnv } from "@/lib/env";

// Shared by the developer API tests and the tests that catch mail: drive real route handlers
// (test/drive-route.ts), and catch mail with a real SMTP server in the test process.

export { call, type Call } from "@/test/drive-route";

export type CapturedMail = { to: string; raw: string };

/** A real SMTP server on a free port; SMTP_URL points at it while it runs. */
export async function startSmtp() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        mails.push({ to, raw: decodeMail(Buffer.concat(chunks).toString("utf8")) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  const previous = process.env.SMTP_URL;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  resetEnv();
  return {
    mails,
    /** Waits for the next mail to `to` that arrives after `after` mails were already seen. */
    waitFor(to: string, after = 0, timeoutMs = 10_000): Promise<CapturedMail> {
      return vi.waitFor(
        () => {
          const found = mails.slice(after).find((m) => m.to === to);
          if (!found) throw new Error(`no mail to ${to}`);
          return found;
        },
        { timeout: timeoutMs, interval: 20 },
      );
    },
    async stop() {
      if (previous === undefined) delete process.env.SMTP_URL;
      else process.env.SMTP_URL = previous;
      resetEnv();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A real SMTP server for the calling describe block: started before its tests, stopped after. */
export function smtpPerSuite() {
  let server: Awaited<ReturnType<typeof startSmtp>> | undefined;
  beforeAll(async () => {
    server = await startSmtp();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error("the suite's SMTP server is not running");
    return server;
  };
  return {
    get mails() {
      return started().mails;
    },
    waitFor: (...args: Parameters<Awaited<ReturnType<typeof startSmtp>>["waitFor"]>) => started().waitFor(...args),
  };
}

// Undo quoted-printable soft breaks and escapes, so links can be read from the raw message.
function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The token of the first portal link to `page` (e.g. "/verify") in a mail. */
export function linkToken(mail: CapturedMail, page: string): string {
  const match = new RegExp(`http://localhost:3000${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail.raw);
  if (!match) throw new Error(`no ${page} link in mail`);
  return match[1];
}

let counter = 0;
export function uniqueEmail(tag = "dev"): string {
  return `${tag}-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export const STRONG_PASSWORD = "correct horse battery staple 42";

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

// Reads the .eml files the server writes when no SMTP server is configured (MAIL_OUTBOX_DIR).

function decodeParts(raw: string): string {
  // Quoted-printable soft breaks and escapes, then any base64 bodies, so links read whole.
  const qp = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((m) => Buffer.from(m[1]!.replace(/\s+/g, ""), "base64").toString("utf8"))
    .join("\n");
  return `${qp}\n${b64}`;
}

/** Waits for a mail to `to` whose subject contains `subject`, and returns the first link to `pagePath`. */
export async function linkFromOutbox(
  dir: string,
  to: string,
  subject: string,
  pagePath: string,
  timeoutMs = 15_000,
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+${pagePath.replace(/[/]/g, "\\/")}\\?token=[^\\s"<>]+`);
  const body = await mailFromOutbox(dir, to, subject, timeoutMs, (text) => pattern.test(text));
  return body.match(pattern)![0].replace(/&amp;/g, "&");
}

/** Waits for a mail to `to` whose subject contains `subject` (and whose body passes `accept`), and returns its decoded text. */
export async function mailFromOutbox(
  dir: string,
  to: string,
  subject: string,
  timeoutMs = 15_000,
  accept: (body: string) => boolean = () => true,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(dir).catch(() => [] as string[]))
      .filter((n) => n.endsWith(".eml"))
      .sort()
      .reverse();
    for (const name of names) {
      const raw = await readFile(path.join(dir, name), "utf8");
      const headers = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, " ");
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "im").test(headers)) continue;
      if (!new RegExp(`^Subject: .*${subject}`, "im").test(headers)) continue;
      const body = decodeParts(raw);
      if (accept(body)) return body;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} about "${subject}" in ${dir}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

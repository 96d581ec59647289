import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { addressRefusal, guardedLookup, TargetRefusedError } from "./target-guard";

// One HTTP attempt of a delivery: a POST with the signed body, a deadline over the whole
// exchange, no redirect followed, and at most a short excerpt of the receiver's answer kept.

export const MAX_BODY_BYTES = 256 * 1024;
const EXCERPT_CHARS = 500;
const READ_BYTES = 2048;

export type AttemptOutcome = {
  ok: boolean;
  /** A failure no retry can change (the event is too large). */
  permanent?: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string | null;
};

function excerptOf(chunks: Buffer[]): string | null {
  const text = Buffer.concat(chunks).subarray(0, READ_BYTES).toString("utf8");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").slice(0, EXCERPT_CHARS);
  return clean.length > 0 ? clean : null;
}

function describe(err: Error & { code?: string }, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `No answer within ${timeoutMs} ms`;
  if (err instanceof TargetRefusedError) return `Refused: ${err.message}`;
  return err.code ? `${err.code}: ${err.message}` : err.message;
}

export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // A literal address never goes through the lookup: checked here instead.
  const refusal = isIP(host) ? addressRefusal(host) : null;
  if (refusal)
    return Promise.resolve({ ok: false, statusCode: null, durationMs: 0, error: `Refused: ${refusal}`, excerpt: null });
  if (Buffer.byteLength(body) > MAX_BODY_BYTES)
    return Promise.resolve({
      ok: false,
      statusCode: null,
      durationMs: 0,
      error: "The event is larger than 256 KiB",
      excerpt: null,
    });

  return new Promise((resolve) => {
    let timedOut = false;
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(target, {
      method: "POST",
      lookup: guardedLookup as never,
      agent: false,
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": "Vitals-Webhooks/1.0",
      },
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error("timeout"));
    }, timeoutMs);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const done = () => {
        const code = res.statusCode ?? 0;
        const ok = code >= 200 && code < 300;
        const error = ok
          ? null
          : code >= 300 && code < 400
            ? `Redirect to ${res.headers.location ?? "?"} not followed`
            : null;
        finish({ ok, statusCode: code, error, excerpt: excerptOf(chunks) });
        res.destroy();
      };
      res.on("data", (chunk: Buffer) => {
        if (read < READ_BYTES) chunks.push(chunk);
        read += chunk.length;
        // The rest of a long answer is not waited for.
        if (read >= READ_BYTES) done();
      });
      res.on("end", done);
      res.on("error", done);
    });
    req.on("error", (err) =>
      finish({ ok: false, statusCode: null, error: describe(err, timedOut, timeoutMs), excerpt: null }),
    );
    req.end(body);
  });
}

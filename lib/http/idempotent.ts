import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { claim, complete, kept, release, type StoredAnswer } from "@/lib/idempotency/idempotency-store";
import { extractApiKey } from "@/lib/keys/extract-key";
import { hashApiKey } from "@/lib/keys/key-format";
import { logger } from "@/lib/logger";
import { CORS_HEADERS } from "./cors";
import { ApiError } from "./errors";
import type { RequestContext } from "./handler";
import { readCappedBody } from "./read-body";

// Idempotency-Key (docs/api.md, "Safe retries"): a POST sent again with the same key, by the
// same credential, with the same body, within 24 h gets the first answer again (status, body
// and headers, plus Idempotent-Replayed: true) and does nothing a second time: no second session,
// no second scan. The same key with another body is refused; a retry while the first still
// runs waits for its answer. Only successful answers are kept: a refusal (401, 429, 503...) is
// not, so a retry after it is a new attempt.

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/** The bodies these endpoints take are at most 64 KiB (readJson's cap). */
const MAX_BODY_BYTES = 64 * 1024;
/** How long a retry waits for the first request's answer before answering IDEMPOTENCY_KEY_IN_USE. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;
/** Not replayed: the replay's own request id and CORS come from its own answer. */
const OWN_HEADERS = new Set([
  "x-request-id",
  "content-length",
  ...Object.keys(CORS_HEADERS).map((h) => h.toLowerCase()),
]);

/**
 * Runs `run` once per Idempotency-Key, replaying its answer to retries (see above). `scope`:
 * whose keys these are; by default the SDK credential the request presents (its SHA-256), for
 * an endpoint that runs this before authenticating (a guess of another credential's key finds
 * nothing). The developer endpoints pass the signed-in account and organization. A request
 * without the header pays one header read (session start's hot path).
 */
export async function idempotent(ctx: RequestContext, run: () => Promise<Response>, scope?: string): Promise<Response> {
  const key = ctx.req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return run();
  if (!KEY_FORMAT.test(key))
    throw new ApiError(
      "INVALID_REQUEST",
      "Idempotency-Key must be 1 to 255 visible ASCII characters (a random UUID for each operation)",
    );
  const owner = scope ?? sdkScope(ctx.req);
  // No credential, or a body the endpoint refuses anyway: the endpoint answers as without a key
  // (a refusal is never kept).
  if (!owner) return run();
  const body = await readCappedBody(ctx.req.clone(), MAX_BODY_BYTES, "too large").catch(() => null);
  if (body === null) return run();
  const slot = { scope: owner, key };
  const requestHash = createHash("sha256")
    .update(`${ctx.req.method} ${new URL(ctx.req.url).pathname}\n`)
    .update(body)
    .digest("hex");
  const giveUpAt = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const now = new Date();
    if (await claim(slot, requestHash, now)) return runAndKeep(ctx, slot, run);
    const first = await kept(slot, now);
    if (first && first.requestHash !== requestHash)
      throw new ApiError(
        "IDEMPOTENCY_KEY_REUSED",
        "This Idempotency-Key was already used with a different request; use a new key for a new operation",
      );
    if (first?.answer) return replay(first.answer);
    if (Date.now() >= giveUpAt)
      throw new ApiError(
        "IDEMPOTENCY_KEY_IN_USE",
        "The first request with this Idempotency-Key is still running; retry after the Retry-After seconds",
        1,
        { "Retry-After": "1" },
      );
    // Still running (or just given back: the next round claims it).
    await sleep(POLL_MS);
  }
}

function sdkScope(req: Request): string | null {
  const credential = extractApiKey(req);
  return credential ? `sdk:${hashApiKey(credential)}` : null;
}

/** The scope of a signed-in account acting for an organization (the developer endpoints). */
export function memberScope(accountId: string, organizationId: string): string {
  return `member:${accountId}:${organizationId}`;
}

async function runAndKeep(ctx: RequestContext, slot: { scope: string; key: string }, run: () => Promise<Response>) {
  let res: Response;
  try {
    res = await run();
  } catch (err) {
    await release(slot).catch(() => undefined);
    throw err;
  }
  if (res.status < 200 || res.status >= 300) {
    await release(slot).catch(() => undefined);
    return res;
  }
  const body = await res.text();
  const headers: Record<string, string> = {};
  for (const source of [ctx.responseHeaders, res.headers])
    source.forEach((value, name) => {
      if (!OWN_HEADERS.has(name)) headers[name] = value;
    });
  try {
    await complete(slot, { status: res.status, headers, body });
  } catch (err) {
    // The answer still goes out; its claim is taken over by a retry once abandoned.
    logger.warn("idempotency: the answer could not be kept", { error: String(err) });
  }
  return new Response(body, { status: res.status, headers: res.headers });
}

function replay(answer: StoredAnswer): Response {
  const res = new Response(answer.body, { status: answer.status, headers: answer.headers });
  res.headers.set("Idempotent-Replayed", "true");
  return res;
}

import { env } from "../env";
import { ApiError, bodyTooLarge } from "./errors";

/** The 400 for a JSON body not whole within `timeoutMs` (JSON_BODY_TIMEOUT_MS). */
export function bodyTooSlow(timeoutMs: number): ApiError {
  return new ApiError("INVALID_REQUEST", `The request body did not arrive whole within ${timeoutMs / 1000} seconds`);
}

/**
 * A promise that rejects with bodyTooSlow once `timeoutMs` has passed, and the function that
 * cancels it (call it once the body is whole).
 */
export function bodyDeadline(timeoutMs: number): { late: Promise<never>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(bodyTooSlow(timeoutMs)), timeoutMs);
  });
  late.catch(() => undefined); // raced, never awaited alone
  return { late, cancel: () => clearTimeout(timer) };
}

/**
 * Reads a request body whole, up to `maxBytes`: a declared or streamed (chunked) body over it
 * is 413 as soon as the cap is crossed, and the rest is never read (docs/api.md, "Errors").
 * A body not whole within `timeoutMs` (JSON_BODY_TIMEOUT_MS, 30 s: a capped body takes a few
 * seconds on the slowest link) is 400, so a client that stalls mid-body holds its connection
 * for that long, not for the upload's request timeout. No body reads as an empty buffer.
 */
export async function readCappedBody(
  req: Request,
  maxBytes: number,
  tooLarge: string,
  timeoutMs = env().JSON_BODY_TIMEOUT_MS,
): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw bodyTooLarge(tooLarge);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const deadline = bodyDeadline(timeoutMs);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline.late]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw bodyTooLarge(tooLarge);
      }
      chunks.push(value);
    }
  } catch (err) {
    // Late, over the cap or broken off: nothing more of the body is read.
    void reader.cancel().catch(() => undefined);
    throw err;
  } finally {
    deadline.cancel();
  }
  return Buffer.concat(chunks);
}

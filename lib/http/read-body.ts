import { bodyTooLarge } from "./errors";

/**
 * Reads a request body whole, up to `maxBytes`: a declared or streamed (chunked) body over it
 * is 413 as soon as the cap is crossed, and the rest is never read (docs/api.md, "Errors").
 * No body reads as an empty buffer.
 */
export async function readCappedBody(req: Request, maxBytes: number, tooLarge: string): Promise<Buffer> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw bodyTooLarge(tooLarge);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw bodyTooLarge(tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

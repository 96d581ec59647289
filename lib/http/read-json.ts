import { ApiError, bodyTooLarge } from "./errors";

const MAX_JSON_BYTES = 64 * 1024;

/** Reads a JSON body with a size cap. An empty body is `undefined`; bad JSON is 400. */
export async function readJson(req: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw bodyTooLarge(`Request body exceeds ${maxBytes} bytes`);
  if (!req.body) return undefined;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw bodyTooLarge(`Request body exceeds ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("INVALID_REQUEST", "Request body is not valid JSON");
  }
}

import { ApiError } from "./errors";
import { readCappedBody } from "./read-body";

const MAX_JSON_BYTES = 64 * 1024;

/** Reads a JSON body with a size cap. An empty body is `undefined`; bad JSON is 400. */
export async function readJson(req: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const raw = await readCappedBody(req, maxBytes, `Request body exceeds ${maxBytes} bytes`);
  const text = raw.toString("utf8").trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("INVALID_REQUEST", "Request body is not valid JSON");
  }
}

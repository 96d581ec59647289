// Where <vitals-scan> gets its client token: the page's own `credential` (a token or a
// function), or a POST to its `token-url`, the page's server that mints a ct_ token with its
// secret key (docs/api.md, "Client tokens"): a browser never holds a secret key.
import { VitalsApiError } from "../../errors.js";

export type Credential = string | (() => string | Promise<string>);

/** The token endpoint did not give a token (not a service refusal: those keep their code). */
export class ScanTokenError extends Error {
  override readonly name = "ScanTokenError";
}

/** POSTs to `url` and reads `{ token }`; a service-shaped refusal (`{ error, message }`) keeps its code. */
export async function tokenFromUrl(url: string, fetchFn: typeof fetch = fetch): Promise<string> {
  let res: Response;
  try {
    res = await fetchFn(url, { method: "POST", headers: { Accept: "application/json" }, credentials: "same-origin" });
  } catch (err) {
    throw new ScanTokenError(`The token endpoint ${url} could not be reached.`, { cause: err });
  }
  const body = (await res.json().catch(() => null)) as { token?: unknown; error?: unknown; message?: unknown } | null;
  if (res.ok && typeof body?.token === "string") return body.token;
  if (typeof body?.error === "string" && typeof body.message === "string") {
    const retry = Number(res.headers.get("Retry-After"));
    throw new VitalsApiError(
      {
        error: body.error,
        message: body.message,
        retryable: res.status === 429,
        ...(retry > 0 ? { retryAfter: retry } : {}),
      },
      { status: res.status },
    );
  }
  throw new ScanTokenError(`The token endpoint answered HTTP ${res.status} without a token.`);
}

/** The token for one scan, asked for when the person presses Start (see vitals-scan.ts). */
export async function scanToken(credential: Credential | null, tokenUrl: string | null): Promise<string> {
  if (typeof credential === "string") return credential;
  if (typeof credential === "function") {
    const token = await credential();
    if (typeof token !== "string" || !token) throw new ScanTokenError("The credential function gave no token.");
    return token;
  }
  if (tokenUrl) return tokenFromUrl(tokenUrl);
  throw new ScanTokenError("The element has neither a token-url attribute nor a credential property.");
}

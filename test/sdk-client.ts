import * as start from "@/app/sdk/session/start/route";
import * as complete from "@/app/sdk/session/upload-complete/route";
import * as completeByPath from "@/app/sdk/session/[sessionId]/upload-complete/route";
import * as result from "@/app/sdk/session/result/[sessionId]/route";
import * as resultByPath from "@/app/sdk/session/[sessionId]/result/route";
import * as upload from "@/app/upload/[sessionId]/route";
import * as clientToken from "@/app/sdk/client-token/route";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";

// Drives the real route handlers the way the HTTP server does.
export type Call = { key?: string; ip?: string; headers?: Record<string, string>; signal?: AbortSignal; query?: string };

let ipCounter = 0;
/** A fresh client IP per test, so brute-force counters never leak between tests. */
export function freshIp(): string {
  ipCounter++;
  return `10.${process.pid % 250}.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

function headers(call: Call, extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { [CLIENT_IP_HEADER]: call.ip ?? "10.255.255.1", ...extra, ...call.headers };
  if (call.key !== undefined) h["x-api-key"] = call.key;
  return h;
}

const params = (p: Record<string, string>) => ({ params: Promise.resolve(p) });

/** A JSON POST to a route without path params; a string body is sent as is, none when undefined. */
function postJson(handler: typeof start.POST, path: string, call: Call, body?: unknown) {
  const init: RequestInit = { method: "POST", headers: headers(call, { "content-type": "application/json" }), signal: call.signal };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  return handler(new Request(`http://localhost:3000${path}`, init), params({}));
}

export function startSession(call: Call, body?: unknown) {
  return postJson(start.POST, "/sdk/session/start", call, body);
}

export function mintClientToken(call: Call, body?: unknown) {
  return postJson(clientToken.POST, "/sdk/client-token", call, body);
}

export type Body = BodyInit | Uint8Array;

export function uploadTensor(uploadUrl: string, body: Body, contentType = "application/octet-stream", extra: Record<string, string> = {}) {
  const url = new URL(uploadUrl);
  const sessionId = url.pathname.split("/").pop()!;
  const init: RequestInit & { duplex: "half" } = {
    method: "PUT",
    headers: { "content-type": contentType, ...extra },
    body: body as BodyInit,
    duplex: "half",
  };
  return upload.PUT(new Request(url, init), params({ sessionId }));
}

export function uploadComplete(call: Call, body: unknown, pathSessionId?: string) {
  const init: RequestInit = {
    method: "POST",
    headers: headers(call, { "content-type": "application/json" }),
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: call.signal,
  };
  const q = call.query ? `?${call.query}` : "";
  if (pathSessionId === undefined) return complete.POST(new Request(`http://localhost:3000/sdk/session/upload-complete${q}`, init), params({}));
  return completeByPath.POST(
    new Request(`http://localhost:3000/sdk/session/${pathSessionId}/upload-complete${q}`, init),
    params({ sessionId: pathSessionId }),
  );
}

export function pollResult(call: Call, sessionId: string, form: "primary" | "path" = "primary") {
  const req = new Request(`http://localhost:3000/sdk/session/result/${sessionId}${call.query ? `?${call.query}` : ""}`, { headers: headers(call) });
  return (form === "primary" ? result : resultByPath).GET(req, params({ sessionId }));
}

/** start -> upload -> complete, returning every response. */
export async function fullScan(call: Call, tensor: Body = new Uint8Array(1024)) {
  const started = await startSession(call);
  const session = await started.json();
  const uploaded = await uploadTensor(session.upload_url, tensor);
  const completed = await uploadComplete(call, { session_id: session.session_id });
  return { started, session, uploaded, completed };
}

/** The page origin the client tokens of the tests are minted for. */
export const TOKEN_ORIGIN = "https://app.example.com";

/** A client token minted through the real endpoint by `key`, for TOKEN_ORIGIN unless `body` says otherwise. */
export async function mintedToken(key: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await mintClientToken({ key, ip: freshIp() }, { origins: [TOKEN_ORIGIN], ...body });
  if (res.status !== 201) throw new Error(`minting answered ${res.status}: ${await res.text()}`);
  return (await res.json()).token;
}

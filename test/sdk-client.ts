import * as start from "@/app/sdk/session/start/route";
import * as complete from "@/app/sdk/session/upload-complete/route";
import * as completeByPath from "@/app/sdk/session/[sessionId]/upload-complete/route";
import * as result from "@/app/sdk/session/result/[sessionId]/route";
import * as resultByPath from "@/app/sdk/session/[sessionId]/result/route";
import * as upload from "@/app/upload/[sessionId]/route";
import * as clientToken from "@/app/sdk/client-token/route";
import type { RouteHandler } from "@/lib/http/handler";
import { driveRoute } from "./drive-route";
import { uniqueIp } from "./ip";

// The SDK endpoints driven through their real route handlers (see drive-route.ts).
export type Call = {
  key?: string;
  ip?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  query?: string;
};

const SDK_IP = "10.255.255.1";

function headers(call: Call, extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = { ...extra, ...call.headers };
  if (call.key !== undefined) h["x-api-key"] = call.key;
  return h;
}

/** A JSON POST; a string body is sent as is, none when undefined. */
function postJson(
  handler: RouteHandler,
  path: string,
  call: Call,
  body?: unknown,
  params: Record<string, string> = {},
) {
  return driveRoute(handler, path, {
    method: "POST",
    ip: call.ip ?? SDK_IP,
    headers: headers(call, { "content-type": "application/json" }),
    body,
    params,
    signal: call.signal,
  });
}

export function startSession(call: Call, body?: unknown) {
  return postJson(start.POST, "/sdk/session/start", call, body);
}

export function mintClientToken(call: Call, body?: unknown) {
  return postJson(clientToken.POST, "/sdk/client-token", call, body);
}

export type Body = BodyInit | Uint8Array;

export function uploadTensor(
  uploadUrl: string,
  body: Body,
  contentType = "application/octet-stream",
  extra: Record<string, string> = {},
) {
  const sessionId = new URL(uploadUrl).pathname.split("/").pop()!;
  // The upload target is reached without the server's client-IP stamp, as the storage driver's URL.
  return upload.PUT(
    new Request(uploadUrl, {
      method: "PUT",
      headers: { "content-type": contentType, ...extra },
      body: body as BodyInit,
      duplex: "half",
    } as RequestInit),
    {
      params: Promise.resolve({ sessionId }),
    },
  );
}

export function uploadComplete(call: Call, body: unknown, pathSessionId?: string) {
  const q = call.query ? `?${call.query}` : "";
  if (pathSessionId === undefined) return postJson(complete.POST, `/sdk/session/upload-complete${q}`, call, body);
  return postJson(completeByPath.POST, `/sdk/session/${pathSessionId}/upload-complete${q}`, call, body, {
    sessionId: pathSessionId,
  });
}

export function pollResult(call: Call, sessionId: string, form: "primary" | "path" = "primary") {
  const path = `/sdk/session/result/${sessionId}${call.query ? `?${call.query}` : ""}`;
  return driveRoute((form === "primary" ? result : resultByPath).GET, path, {
    ip: call.ip ?? SDK_IP,
    headers: headers(call),
    params: { sessionId },
  });
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
  const res = await mintClientToken({ key, ip: uniqueIp() }, { origins: [TOKEN_ORIGIN], ...body });
  if (res.status !== 201) throw new Error(`minting answered ${res.status}: ${await res.text()}`);
  return (await res.json()).token;
}

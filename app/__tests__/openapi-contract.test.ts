import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import * as billingPortal from "@/app/developer/billing-portal/route";
import * as checkout from "@/app/developer/checkout/route";
import * as forgotPassword from "@/app/developer/forgot-password/route";
import * as keyRoll from "@/app/developer/keys/[id]/roll/route";
import * as keyById from "@/app/developer/keys/[id]/route";
import * as keys from "@/app/developer/keys/route";
import * as login from "@/app/developer/login/route";
import * as profile from "@/app/developer/profile/route";
import * as requestLog from "@/app/developer/request-log/route";
import * as resetPassword from "@/app/developer/reset-password/route";
import * as signup from "@/app/developer/signup/route";
import * as usageHistory from "@/app/developer/usage/history/route";
import * as usage from "@/app/developer/usage/route";
import * as verify from "@/app/developer/verify/route";
import * as health from "@/app/health/route";
import * as jwks from "@/app/.well-known/jwks.json/route";
import * as openapi from "@/app/openapi.json/route";
import * as webhook from "@/app/api/stripe/webhook/route";
import * as hooks from "@/app/developer/webhooks/route";
import * as hookById from "@/app/developer/webhooks/[endpointId]/route";
import * as hookRoll from "@/app/developer/webhooks/[endpointId]/roll-secret/route";
import * as hookTest from "@/app/developer/webhooks/[endpointId]/test/route";
import * as hookDeliveries from "@/app/developer/webhooks/[endpointId]/deliveries/route";
import * as hookDelivery from "@/app/developer/webhooks/[endpointId]/deliveries/[deliveryId]/route";
import * as hookReplay from "@/app/developer/webhooks/[endpointId]/deliveries/[deliveryId]/replay/route";
import { issueIdToken } from "@/lib/auth/id-token";
import type { RouteHandler } from "@/lib/http/handler";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { driveRoute } from "@/test/drive-route";
import { uniqueIp } from "@/test/ip";
import { mintClientToken, pollResult, startSession, uploadComplete, uploadTensor } from "@/test/sdk-client";
import { openApiDocument } from "@/lib/openapi/document";

// Real answers, held to the OpenAPI document: each status must be one the operation lists (or
// its `default`), each header the answer declares must be there, and the body must validate
// against the declared schema (none declared: no body). The document is the contract a
// generated client is built from; these answers are what such a client would get.

const doc = openApiDocument("http://localhost:3000");
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ ...doc, $id: "openapi.json" });

type Responses = Record<
  string,
  { headers?: Record<string, { required?: boolean }>; content?: Record<string, unknown> }
>;
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

async function conforms(method: string, path: string, res: Response): Promise<{ status: number; body: unknown }> {
  const op = (doc.paths[path] as Record<string, { responses: Responses }> | undefined)?.[method];
  expect(op, `${method} ${path} is documented`).toBeDefined();
  const status = String(res.status);
  const declared = op!.responses[status] ? status : "default";
  if (declared === "default") expect(res.status, `${method} ${path}: ${status} is listed`).toBeLessThan(400);
  expect(declared, `${method} ${path} answered ${status}, which it does not list`).not.toBe("default");
  const response = op!.responses[declared];
  for (const [name, header] of Object.entries(response.headers ?? {}))
    if (header.required) expect(res.headers.get(name), `${method} ${path} ${status}: header ${name}`).not.toBeNull();
  const text = await res.text();
  if (!response.content) {
    expect(text, `${method} ${path} ${status}: no body`).toBe("");
    return { status: res.status, body: undefined };
  }
  const body = JSON.parse(text);
  const ref = `openapi.json#/${pointer("paths", path, method, "responses", declared, "content", "application/json", "schema")}`;
  const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
  expect(validate(body), `${method} ${path} ${status}: ${JSON.stringify(validate.errors)} in ${text}`).toBe(true);
  return { status: res.status, body };
}

type Hit = { token?: string; body?: unknown; params?: Record<string, string>; query?: string };

/**
 * Drives `handler` as `method` on `path` (the document's path; `{id}` filled from params) and
 * holds the answer to the document.
 */
async function hit(handler: RouteHandler, method: string, path: string, opts: Hit = {}) {
  const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => opts.params?.[name] ?? "") + (opts.query ?? "");
  const res = await driveRoute(handler, url, {
    method,
    ip: uniqueIp(),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    body: opts.body,
    params: opts.params,
  });
  return conforms(method.toLowerCase(), path, res);
}

describe("real answers against the OpenAPI document", () => {
  it("SDK: start, upload, complete, result and client token, and their errors", async () => {
    const { test } = await createDeveloperWithKeys();
    const key = { key: test.key, ip: uniqueIp() };
    const { body: session } = await conforms("post", "/sdk/session/start", await startSession(key, {}));
    const { session_id, upload_url } = session as { session_id: string; upload_url: string };
    await conforms("put", "/upload/{sessionId}", await uploadTensor(upload_url, new Uint8Array(64)));
    await conforms("put", "/upload/{sessionId}", await uploadTensor(upload_url, new Uint8Array(64), "text/plain"));
    await conforms("get", "/sdk/session/result/{sessionId}", await pollResult(key, session_id));
    const done = await conforms("post", "/sdk/session/upload-complete", await uploadComplete(key, { session_id }));
    expect(done.status).toBe(200);
    // Persistence off: the session is gone.
    expect((await conforms("get", "/sdk/session/result/{sessionId}", await pollResult(key, session_id))).status).toBe(
      404,
    );
    await conforms("post", "/sdk/session/upload-complete", await uploadComplete(key, { session: 1 }));
    await conforms("post", "/sdk/session/start", await startSession({ key: `ck_test_${"0".repeat(64)}` }, {}));
    await conforms("post", "/sdk/session/start", await startSession(key, { demographics: { age: 0 } }));
    const minted = await mintClientToken(key, { origins: ["https://app.example.com"] });
    expect((await conforms("post", "/sdk/client-token", minted)).status).toBe(201);
  });

  it("developer API: sign-up to keys, usage, request log and billing, and their errors", async () => {
    const email = `contract-${crypto.randomUUID()}@example.test`;
    const password = "a long enough passphrase 42";
    const created = await hit(signup.POST, "POST", "/developer/signup", {
      body: { email, password, name: "Contract" },
    });
    expect(created.status).toBe(201);
    await hit(signup.POST, "POST", "/developer/signup", { body: {} });
    const signedIn = await hit(login.POST, "POST", "/developer/login", { body: { email, password } });
    const pending = (signedIn.body as { id_token: string }).id_token;
    // A pending account may read its profile, not create keys.
    await hit(profile.GET, "GET", "/developer/profile", { token: pending });
    await hit(keys.POST, "POST", "/developer/keys", { token: pending, body: { name: "k", environment: "test" } });
    await hit(login.POST, "POST", "/developer/login", { body: { email, password: "wrong password entirely" } });
    await hit(verify.GET, "GET", "/developer/verify", { query: "?token=nope" });
    await hit(forgotPassword.POST, "POST", "/developer/forgot-password", { body: { email } });
    await hit(resetPassword.POST, "POST", "/developer/reset-password", { body: { token: "nope", password } });

    const { developer } = await createDeveloperWithKeys();
    const { id_token: token } = await issueIdToken(developer);
    await hit(profile.PATCH, "PATCH", "/developer/profile", { token, body: { company: "Acme" } });
    const listed = await hit(keys.GET, "GET", "/developer/keys", { token });
    const id = (listed.body as { keys: { id: string }[] }).keys[0]!.id;
    await hit(keys.GET, "GET", "/developer/keys");
    const rolled = await hit(keyRoll.POST, "POST", "/developer/keys/{id}/roll", {
      token,
      body: { grace_period: "1h" },
      params: { id },
    });
    expect(rolled.status).toBe(200);
    expect((await hit(keyById.DELETE, "DELETE", "/developer/keys/{id}", { token, params: { id } })).status).toBe(200);
    const unknown = { token, params: { id: crypto.randomUUID() } };
    expect((await hit(keyById.DELETE, "DELETE", "/developer/keys/{id}", unknown)).status).toBe(404);
    await hit(keys.GET, "GET", "/developer/keys", { token });
    await hit(usage.GET, "GET", "/developer/usage", { token });
    await hit(usageHistory.GET, "GET", "/developer/usage/history", { token });
    await hit(requestLog.GET, "GET", "/developer/request-log", { token });
    await hit(requestLog.GET, "GET", "/developer/request-log", { token, query: "?status=6xx" });
    // Stripe is not configured in the tests: 503, as documented.
    await hit(checkout.POST, "POST", "/developer/checkout", { token, body: { plan: "pro" } });
    await hit(billingPortal.POST, "POST", "/developer/billing-portal", { token });
  });

  it("webhooks: add, change, roll, test, the delivery log, replay, delete, and their errors", async () => {
    const { developer } = await createDeveloperWithKeys();
    const { id_token: token } = await issueIdToken(developer);
    const body = { url: "https://hooks.example.com/vitals", environment: "live", event_types: ["scan.completed"] };
    const created = await hit(hooks.POST, "POST", "/developer/webhooks", { token, body });
    expect(created.status).toBe(201);
    await hit(hooks.POST, "POST", "/developer/webhooks", { token, body: { ...body, url: "http://10.0.0.1/" } });
    await hit(hooks.GET, "GET", "/developer/webhooks", { token });
    const endpointId = (created.body as { id: string }).id;
    const params = { endpointId };
    await hit(hookById.GET, "GET", "/developer/webhooks/{endpointId}", { token, params });
    await hit(hookById.PATCH, "PATCH", "/developer/webhooks/{endpointId}", {
      token,
      params,
      body: { description: "CRM" },
    });
    // No body: the default grace.
    const rolled = await hit(hookRoll.POST, "POST", "/developer/webhooks/{endpointId}/roll-secret", { token, params });
    expect(rolled.body).toMatchObject({ previous_secret_valid_until: expect.any(Number) });
    const nul = { token, params, body: { description: "a\u0000b" } };
    expect((await hit(hookById.PATCH, "PATCH", "/developer/webhooks/{endpointId}", nul)).status).toBe(400);
    expect((await hit(hookTest.POST, "POST", "/developer/webhooks/{endpointId}/test", { token, params })).status).toBe(
      202,
    );
    const log = await hit(hookDeliveries.GET, "GET", "/developer/webhooks/{endpointId}/deliveries", { token, params });
    const deliveryId = (log.body as { deliveries: { id: string }[] }).deliveries[0]!.id;
    const path = "/developer/webhooks/{endpointId}/deliveries/{deliveryId}";
    await hit(hookDelivery.GET, "GET", path, { token, params: { endpointId, deliveryId } });
    expect(
      (await hit(hookReplay.POST, "POST", `${path}/replay`, { token, params: { endpointId, deliveryId } })).status,
    ).toBe(202);
    await hit(hookDeliveries.GET, "GET", "/developer/webhooks/{endpointId}/deliveries", {
      token,
      params,
      query: "?after=x",
    });
    const other = { token, params: { endpointId: crypto.randomUUID() } };
    expect((await hit(hookById.GET, "GET", "/developer/webhooks/{endpointId}", other)).status).toBe(404);
    expect((await hit(hookById.DELETE, "DELETE", "/developer/webhooks/{endpointId}", { token, params })).status).toBe(
      200,
    );
  });

  it("service endpoints: health, keys, this document, the webhook", async () => {
    await hit(health.GET, "GET", "/health");
    await hit(jwks.GET, "GET", "/.well-known/jwks.json");
    await hit(openapi.GET, "GET", "/openapi.json");
    await hit(webhook.POST, "POST", "/api/stripe/webhook", { body: "{}" });
  });
});

import { describe, expect, it } from "vitest";
import { BASE, KEYS, TOKENS, errorResponse, fakeService, jsonResponse, session } from "../test/fake-service.js";
import { InvalidApiKeyError, VitalsApiError, VitalsClient, credentialKind, validateApiKey } from "./index.js";

const minted = { token: TOKENS.live, expires_at: 1795000300, max_scans: 2, origins: ["https://app.example.com"] };

describe("a client token as the credential", () => {
  it.each([
    ["test", TOKENS.test],
    ["live", TOKENS.live],
  ] as const)("is accepted for %s and sent as X-API-Key", async (environment, token) => {
    const service = fakeService(() => jsonResponse(session()));
    const client = new VitalsClient({ apiKey: token, baseUrl: BASE, fetch: service.fetch });
    expect(client.environment).toBe(environment);
    expect(client.credential).toBe("client-token");
    await client.startSession();
    expect(service.requests[0].headers.get("x-api-key")).toBe(token);
  });

  it.each([
    ["wrong kind", `cx_live_${"a".repeat(64)}`],
    ["upper-case hex", `ct_live_${"A".repeat(64)}`],
    ["short body", `ct_test_${"a".repeat(63)}`],
    ["no environment", `ct_${"a".repeat(64)}`],
  ])("refuses a malformed token (%s) without a request", (_what, apiKey) => {
    const service = fakeService(() => jsonResponse(session()));
    expect(() => new VitalsClient({ apiKey, baseUrl: BASE, fetch: service.fetch })).toThrow(InvalidApiKeyError);
    expect(service.requests).toHaveLength(0);
  });

  it("is told apart from a secret key", () => {
    expect(credentialKind(TOKENS.test)).toBe("client-token");
    expect(credentialKind(KEYS.live)).toBe("secret-key");
    expect(validateApiKey(TOKENS.live)).toBe("live");
    expect(new VitalsClient({ apiKey: KEYS.test, baseUrl: BASE }).credential).toBe("secret-key");
  });
});

describe("mintClientToken", () => {
  it("POSTs /sdk/client-token with the secret key and the snake_case body, and returns the token with its figures", async () => {
    const service = fakeService(() =>
      jsonResponse(minted, 201, {
        "x-request-id": "req-7",
        "x-ratelimit-limit": "300",
        "x-ratelimit-remaining": "299",
        "x-ratelimit-reset": "1795003600",
      }),
    );
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    const result = await client.mintClientToken({ origins: ["https://app.example.com"], ttlSeconds: 120, maxScans: 2 });
    const [req] = service.requests;
    expect(req.method).toBe("POST");
    expect(req.url).toBe(`${BASE}/sdk/client-token`);
    expect(req.headers.get("x-api-key")).toBe(KEYS.live);
    expect(req.body).toEqual({ origins: ["https://app.example.com"], ttl_seconds: 120, max_scans: 2 });
    expect(result).toMatchObject({
      ...minted,
      requestId: "req-7",
      rateLimit: { limit: 300, remaining: 299, reset: 1795003600 },
    });
  });

  it("leaves the lifetime and scan count to the service's defaults when not given", async () => {
    const service = fakeService(() => jsonResponse(minted, 201));
    await new VitalsClient({ apiKey: KEYS.test, baseUrl: BASE, fetch: service.fetch }).mintClientToken({
      origins: ["http://localhost:5173"],
    });
    expect(service.requests[0].body).toEqual({ origins: ["http://localhost:5173"] });
  });

  it("is refused without a request when the client holds a client token", async () => {
    const service = fakeService(() => jsonResponse(minted, 201));
    const client = new VitalsClient({ apiKey: TOKENS.live, baseUrl: BASE, fetch: service.fetch });
    await expect(client.mintClientToken({ origins: ["https://app.example.com"] })).rejects.toThrow(/secret key/);
    expect(service.requests).toHaveLength(0);
  });

  it("turns a refusal into VitalsApiError", async () => {
    const service = fakeService(() => errorResponse(400, "INVALID_REQUEST"));
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch });
    const err = await client.mintClientToken({ origins: ["app.example.com"] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VitalsApiError);
    expect(err).toMatchObject({ error: "INVALID_REQUEST", status: 400 });
  });
});

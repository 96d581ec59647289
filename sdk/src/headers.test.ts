import { describe, expect, it } from "vitest";
import { BASE, KEYS, errorResponse, fakeService, jsonResponse, session } from "../test/fake-service.js";
import { parseRateLimit, parseRetryAfter, parseUsage, type VitalsApiError, VitalsClient } from "./index.js";

const figures = {
  "x-ratelimit-limit": "300",
  "x-ratelimit-remaining": "287",
  "x-ratelimit-reset": "1900000123",
  "x-usage-current": "12",
  "x-usage-limit": "500",
  "x-usage-remaining": "488",
  "x-request-id": "req-1",
};

describe("rate-limit and usage headers (optional, spec Limits rule 3)", () => {
  it("exposes them on a response that carries them", async () => {
    const service = fakeService(() => jsonResponse(session(), 200, figures));
    const started = await new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch }).startSession();
    expect(started.rateLimit).toEqual({ limit: 300, remaining: 287, reset: 1900000123 });
    expect(started.usage).toEqual({ current: 12, limit: 500, remaining: 488 });
    expect(started.requestId).toBe("req-1");
    expect(started.upload_url).toBe(session().upload_url);
  });

  it("leaves them out, without failing, when the response has none", async () => {
    const service = fakeService(() => jsonResponse(session()));
    const started = await new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch }).startSession();
    expect(started.rateLimit).toBeUndefined();
    expect(started.usage).toBeUndefined();
    expect(started.requestId).toBeUndefined();
    expect(started.session_id).toBe(session().session_id);
  });

  it("leaves a group out when one of its headers is missing or not a number", () => {
    expect(parseRateLimit(new Headers({ "x-ratelimit-limit": "300", "x-ratelimit-remaining": "2" }))).toBeUndefined();
    expect(parseRateLimit(new Headers({ ...figures, "x-ratelimit-remaining": "lots" }))).toBeUndefined();
    expect(parseUsage(new Headers({ ...figures, "x-usage-limit": "" }))).toBeUndefined();
    expect(parseUsage(new Headers(figures))).toEqual({ current: 12, limit: 500, remaining: 488 });
  });

  it("reads a 401's missing figures as absent on the error", async () => {
    const service = fakeService(() => errorResponse(401, "API_KEY_INVALID", { headers: { "x-request-id": "req-9" } }));
    const err = (await new VitalsClient({ apiKey: KEYS.test, baseUrl: BASE, fetch: service.fetch })
      .startSession()
      .catch((e) => e)) as VitalsApiError;
    expect(err.meta).toEqual({ status: 401, requestId: "req-9" });
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter(new Headers({ "retry-after": "42" }))).toBe(42);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(parseRetryAfter(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(30);
    expect(parseRetryAfter(new Headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(parseRetryAfter(new Headers())).toBeUndefined();
  });
});

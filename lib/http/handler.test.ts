import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "./handler";
import { endpoint } from "./endpoint";
import { ApiError } from "./errors";
import { json } from "./respond";
import { readJson } from "./read-json";
import { setLogSink } from "@/lib/logger";
import { errorCodeOf } from "@/lib/request-log/record-request";
import { expectError } from "@/test/expect-error";

const EXPOSED = [
  "X-Request-Id",
  "Retry-After",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "X-Usage-Current",
  "X-Usage-Limit",
  "X-Usage-Remaining",
];

function expectCorsAndRequestId(res: Response) {
  expect(res.headers.get("access-control-allow-origin")).toBe("*");
  expect(res.headers.get("access-control-allow-methods")).toBe("GET, POST, PUT, PATCH, DELETE, OPTIONS");
  expect(res.headers.get("access-control-allow-headers")).toBe("Content-Type, Content-Range, Authorization, X-API-Key");
  expect(res.headers.get("access-control-max-age")).toBe("86400");
  const exposed = res.headers.get("access-control-expose-headers")!.split(", ");
  for (const h of EXPOSED) expect(exposed).toContain(h);
  expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
}

const post = (body: string) =>
  new Request("http://x/t", { method: "POST", body, headers: { "content-type": "application/json" } });

describe("route wrapper", () => {
  it("adds CORS and a request id on success", async () => {
    const res = await route(async () => json({ ok: true }))(new Request("http://x/t"));
    expect(res.status).toBe(200);
    expectCorsAndRequestId(res);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("gives every response its own request id", async () => {
    const h = route(async () => json({}));
    const [a, b] = await Promise.all([h(new Request("http://x/")), h(new Request("http://x/"))]);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  it("answers preflight with 204 and the CORS headers", async () => {
    const res = await endpoint({ GET: route(async () => json({})) }).OPTIONS(
      new Request("http://x/t", { method: "OPTIONS" }),
    );
    expect(res.status).toBe(204);
    expectCorsAndRequestId(res);
  });

  it("names HEAD in Allow wherever GET is served, and not where it is not", async () => {
    const both = endpoint({ GET: route(async () => json({})), POST: route(async () => json({})) });
    const refused = await both.DELETE(new Request("http://x/t", { method: "DELETE" }));
    await expectError(refused, 405, "METHOD_NOT_ALLOWED", false);
    expect(refused.headers.get("Allow")).toBe("GET, HEAD, POST, OPTIONS");
    const postOnly = endpoint({ POST: route(async () => json({})) });
    const head = await postOnly.HEAD(new Request("http://x/t", { method: "HEAD" }));
    expect(head.status).toBe(405);
    expect(head.headers.get("Allow")).toBe("POST, OPTIONS");
  });

  it("maps bad JSON to 400 INVALID_REQUEST", async () => {
    const h = route(async ({ req }) => json(await readJson(req)));
    const res = await h(post("{not json"));
    await expectError(res, 400, "INVALID_REQUEST", false);
    expectCorsAndRequestId(res);
  });

  it("maps zod failures to 400 INVALID_REQUEST naming the field", async () => {
    const schema = z.object({ session_id: z.string() });
    const h = route(async ({ req }) => json(schema.parse(await readJson(req))));
    const body = await expectError(await h(post(`{"session_id": 5}`)), 400, "INVALID_REQUEST", false);
    expect(body.message).toContain("session_id");
  });

  it("maps an ApiError to its status, code, retryable and retryAfter, with Retry-After", async () => {
    const h = route(async () => {
      throw new ApiError("RATE_LIMIT_EXCEEDED", "slow down", 42, { "X-RateLimit-Limit": "300" });
    });
    const res = await h(new Request("http://x/"));
    const body = await expectError(res, 429, "RATE_LIMIT_EXCEEDED", true);
    expect(body.retryAfter).toBe(42);
    expect(res.headers.get("retry-after")).toBe("42");
    expect(res.headers.get("x-ratelimit-limit")).toBe("300");
    expectCorsAndRequestId(res);
  });

  it("maps a 401 without retryAfter", async () => {
    const h = route(async () => {
      throw new ApiError("API_KEY_INVALID", "no key");
    });
    const res = await h(new Request("http://x/"));
    const body = await expectError(res, 401, "API_KEY_INVALID", false);
    expect(body).not.toHaveProperty("retryAfter");
    expectCorsAndRequestId(res);
  });

  it("maps unknown throws to 500 INTERNAL without internals, and logs them with the request id", async () => {
    const lines: string[] = [];
    const previous = setLogSink((l) => lines.push(l));
    try {
      const h = route(async () => {
        throw new Error("secret stack detail at /srv/db.ts:42");
      });
      const res = await h(new Request("http://x/"));
      const body = await expectError(res, 500, "INTERNAL", true);
      expect(JSON.stringify(body)).not.toContain("secret stack detail");
      expectCorsAndRequestId(res);
      expect(lines.join("\n")).toContain(res.headers.get("x-request-id")!);
      expect(lines.join("\n")).toContain("secret stack detail");
    } finally {
      setLogSink(previous);
    }
  });

  it("maps a client that went away mid-body to 400 INVALID_REQUEST, not an outage; a dependency down to 503", async () => {
    const lines: string[] = [];
    const previous = setLogSink((l) => lines.push(l));
    try {
      const aborted = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
      const gone = route(async () => {
        throw aborted;
      });
      await expectError(await gone(new Request("http://x/")), 400, "INVALID_REQUEST", false);
      expect(errorCodeOf(aborted)).toBe("INVALID_REQUEST");
      expect(lines.join("\n")).not.toContain("dependency unreachable");

      const down = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
      const outage = route(async () => {
        throw down;
      });
      const res = await outage(new Request("http://x/"));
      await expectError(res, 503, "UNAVAILABLE", true);
      expect(res.headers.get("retry-after")).toBe("5");
      // The request log names the same code the answer carries.
      expect(errorCodeOf(down)).toBe("UNAVAILABLE");
      expect(lines.join("\n")).toContain("dependency unreachable");
    } finally {
      setLogSink(previous);
    }
  });

  it("keeps handler headers and adds the context's response headers to errors too", async () => {
    const h = route(async (ctx) => {
      ctx.responseHeaders.set("X-RateLimit-Remaining", "7");
      throw new ApiError("SESSION_NOT_FOUND", "gone");
    });
    const res = await h(new Request("http://x/"));
    await expectError(res, 404, "SESSION_NOT_FOUND", false);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("7");
  });

  it("refuses a JSON body over the cap with 413 PAYLOAD_TOO_LARGE", async () => {
    const h = route(async ({ req }) => json(await readJson(req)));
    const res = await h(post(JSON.stringify({ pad: "x".repeat(70_000) })));
    await expectError(res, 413, "PAYLOAD_TOO_LARGE", false);
  });
});

import { describe, expect, it } from "vitest";
import * as health from "@/app/health/route";
import * as unknown from "@/app/[...path]/route";

const ctx = { params: Promise.resolve({ path: ["no", "such"] }) };

describe("unknown paths", () => {
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
    it(`${method} answers the flat 404 body with CORS and a request id`, async () => {
      // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the test calls each exported method by name
      const res = await unknown[method](new Request(`http://x/no/such`, { method }), ctx);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("x-request-id")).toBeTruthy();
      expect(await res.json()).toEqual({ error: "NOT_FOUND", message: "No endpoint at /no/such", retryable: false });
    });
  }
});

describe("GET /health", () => {
  it("reports the database up", async () => {
    const res = await health.GET(new Request("http://x/health"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      database: "up",
      redis: "not configured",
      inference: { mode: "pool" },
    });
  });
});

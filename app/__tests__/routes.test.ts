import { describe, expect, it } from "vitest";
import * as health from "@/app/health/route";
import * as unknown from "@/app/[...path]/route";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ctx = { params: Promise.resolve({ path: ["no", "such"] }) };

describe("unknown paths", () => {
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
    it(`${method} answers the flat 404 body with CORS and a request id`, async () => {
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
    expect(await res.json()).toEqual({ status: "ok", database: "up", redis: "not configured", inference: { mode: "pool" } });
  });
});

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

describe("every endpoint", () => {
  const files = routeFiles(path.resolve("app")).filter((f) => !f.includes(`${path.sep}api${path.sep}auth`));
  it.each(files)("%s answers OPTIONS", (file) => {
    expect(readFileSync(file, "utf8")).toMatch(/export const OPTIONS\s*=/);
  });
  // A method a route does not export gets the framework's empty 405; every one is exported.
  it.each(files)("%s answers every method itself", async (file) => {
    const mod = await import(file);
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) expect(typeof mod[method], method).toBe("function");
  });
});

describe("a method an endpoint does not serve", () => {
  it("answers 405 METHOD_NOT_ALLOWED in the flat body, with Allow, CORS and a request id", async () => {
    const res = await health.DELETE(new Request("http://x/health", { method: "DELETE" }));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, OPTIONS");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(await res.json()).toEqual({ error: "METHOD_NOT_ALLOWED", message: "DELETE is not served at /health; use GET", retryable: false });
  });
});

import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import * as route from "@/app/openapi.json/route";
import { routeFiles, routeMethods, routePath } from "@/test/route-files";
import { openApiDocument } from "@/lib/openapi/document";

// Not API endpoints: next-auth's own sign-in routes for the portal, and the catch-all that
// answers 404 for unknown paths.
const NOT_API = new Set(["/api/auth/{nextauth}", "/{path}"]);

describe("OpenAPI document", () => {
  const doc = openApiDocument("http://localhost:3000");

  it("is valid OpenAPI 3.1 by a maintained validator", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    // The validator does reject a broken document (a path parameter that is not declared).
    const broken = structuredClone(doc) as { paths: Record<string, Record<string, { parameters?: unknown }>> };
    delete broken.paths["/developer/keys/{id}/roll"].post.parameters;
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it("has every route the app serves, with each method it serves", async () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(20);
    const served = new Set<string>();
    for (const file of files) {
      const p = routePath(file);
      if (NOT_API.has(p)) continue;
      for (const method of (await routeMethods(file)) ?? []) served.add(`${method.toLowerCase()} ${p}`);
    }
    const missing = [...served].filter((s) => {
      const [method, p] = s.split(" ");
      return !(doc.paths[p] as Record<string, unknown> | undefined)?.[method];
    });
    expect(missing).toEqual([]);
    // And nothing documented that no route serves.
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.filter((d) => !served.has(d))).toEqual([]);
  });

  it("takes its request schemas from the handlers' zod schemas", () => {
    const roll = doc.paths["/developer/keys/{id}/roll"].post as {
      requestBody: { content: { "application/json": { schema: { properties: Record<string, { enum?: string[] }> } } } };
    };
    expect(roll.requestBody.content["application/json"].schema.properties.grace_period.enum).toEqual([
      "none",
      "1h",
      "24h",
    ]);
    const log = doc.paths["/developer/request-log"].get as { parameters: { name: string; in: string }[] };
    expect(log.parameters.map((p) => p.name)).toEqual([
      "key_id",
      "status",
      "path",
      "since",
      "request_id",
      "page",
      "page_size",
    ]);
    const login = doc.paths["/developer/login"].post as {
      requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(login.requestBody.content["application/json"].schema.properties)).toEqual([
      "email",
      "password",
      "totp",
      "organization_id",
    ]);
  });

  it("is served at /openapi.json", async () => {
    const res = await route.GET(new Request("http://localhost:3000/openapi.json"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.openapi).toBe("3.1.0");
    expect(Object.keys(body.paths)).toEqual(Object.keys(doc.paths));
  });
});

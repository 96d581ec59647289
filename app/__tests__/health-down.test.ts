import { describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";

// Its own file, so this process's one database client points at a port where nothing listens.
describe("GET /health with the database down", () => {
  it("answers 503 UNAVAILABLE in the flat error body", async () => {
    process.env.DATABASE_URL = "postgresql://postgres@127.0.0.1:1/nothing";
    resetEnv();
    const { GET } = await import("@/app/health/route");
    const res = await GET(new Request("http://x/health"));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: "UNAVAILABLE",
      message: "The database is not reachable",
      retryable: true,
      retryAfter: 5,
    });
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

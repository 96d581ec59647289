import path from "node:path";
import { describe, expect, it } from "vitest";
import { HTTP_METHODS } from "@/lib/http/endpoint";
import { DIRECT } from "./direct-routes";

// The hot-path table names paths apart from app/'s folders: each entry must be the route file
// at its own path, so a moved or renamed route cannot leave the server answering a path by
// another file's rules, or silently hand it back to the router.
describe("the hot-path table", () => {
  it.each(Object.keys(DIRECT))("%s: the exports of the route file at that path, every method", async (p) => {
    const file: Record<string, unknown> = await import(path.resolve(`app${p}/route.ts`));
    for (const method of HTTP_METHODS) expect(DIRECT[p][method], method).toBe(file[method]);
  });
});

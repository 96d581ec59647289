import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

describe("npm start with a bad setting", () => {
  it.each([
    ["PERSIST_VITALS", "maybe"],
    ["DATABASE_URL", "mysql://db/x"],
    ["PORT", "99999"],
  ])("stops before serving and names %s", async (name, value) => {
    const err = await run("node_modules/.bin/tsx", ["server/start.ts"], {
      env: { ...process.env, [name]: value, PORT: name === "PORT" ? value : "3277" },
      timeout: 60_000,
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err).not.toBeNull();
    expect(err!.code).toBe(1);
    expect(err!.stderr).toContain(name);
  });
});

import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "@/test/server-process";
import { db } from "@/lib/db";
import { startBuiltServer } from "@/test/built-server";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { syntheticTensor } from "@/test/tensors";

// SIGTERM to the built server (npm start's script) while a scan runs in its worker pool: the
// server stops taking new connections but answers the request in flight, then exits 0.
// Asked of the system: a fixed port collided with another service's (3306) on some machines.
let PORT = 0;
let base = "";
let server: ChildProcess;

beforeAll(async () => {
  PORT = await freePort();
  base = `http://127.0.0.1:${PORT}`;
  ({ server } = await startBuiltServer("shutdown", PORT, { RATE_LIMIT_STORE: "postgres" }));
}, 120_000);

afterAll(() => {
  if (server?.exitCode === null) server.kill("SIGKILL");
});

describe("SIGTERM during a scan", () => {
  it("the scan in flight is answered with its vitals, then the server exits 0", async () => {
    const { live } = await createDeveloperWithKeys();
    const { tensor, truth } = syntheticTensor({ heartRate: 74, frameCount: 720 });
    const session = await (
      await fetch(`${base}/sdk/session/start`, { method: "POST", headers: { "x-api-key": live.key } })
    ).json();
    expect(
      (
        await fetch(session.upload_url, {
          method: "PUT",
          headers: { "content-type": "video/webm" },
          body: new Uint8Array(tensor),
        })
      ).status,
    ).toBe(200);
    const answer = fetch(`${base}/sdk/session/upload-complete`, {
      method: "POST",
      headers: { "x-api-key": live.key, "content-type": "application/json" },
      body: JSON.stringify({ session_id: session.session_id }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
    // Signal once the server has claimed the scan (its row says processing), i.e. mid-scan.
    await vi.waitFor(
      async () => {
        const row = await db.session.findUnique({ where: { id: session.session_id }, select: { status: true } });
        expect(row?.status).toBe("processing");
      },
      { timeout: 10_000, interval: 5 },
    );
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(body.vitals.confidence).toBeGreaterThanOrEqual(0.7);
    expect(Math.abs(body.vitals.heart_rate - truth.heartRate)).toBeLessThan(2);
    expect(await exited).toBe(0);
    // Nothing of the scan is left behind.
    expect(await db.session.findUnique({ where: { id: session.session_id } })).toBeNull();
  });
});

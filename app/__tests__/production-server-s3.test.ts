import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@/test/server-process";
import { startBuiltServer } from "@/test/built-server";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { startS3Storage } from "@/test/s3-server";
import { scanOverHttp } from "@/test/http-scan";
import { syntheticTensor } from "@/test/tensors";

// The built app with STORAGE_DRIVER=s3: proves the bundled AWS SDK presigns, reads and deletes
// at run time, which route-handler tests (unbundled) cannot show.
// Asked of the system: a fixed port collided with another service's (3306) on some machines.
let PORT = 0;
let base = "";
let server: ChildProcess;
let s3: Awaited<ReturnType<typeof startS3Storage>>;

beforeAll(async () => {
  PORT = await freePort();
  base = `http://127.0.0.1:${PORT}`;
  // Sets the S3_* settings in process.env, which the server process inherits.
  s3 = await startS3Storage();
  ({ server } = await startBuiltServer("server-s3", PORT));
}, 120_000);

afterAll(async () => {
  server?.kill();
  await s3?.stop();
});

describe("the production server with STORAGE_DRIVER=s3", () => {
  it("a live scan: presigned PUT straight to the bucket, real inference, object deleted", async () => {
    const { live } = await createDeveloperWithKeys();
    const { tensor } = syntheticTensor({ heartRate: 70 });
    const { startStatus, session, putStatus, status, body } = await scanOverHttp(base, live.key, tensor);
    expect([startStatus, putStatus, status]).toEqual([200, 200, 200]);
    expect(new URL(session.upload_url).origin).toBe(s3.endpoint);
    expect(body.vitals.confidence).toBeGreaterThan(0);
    expect(body.processing_time_ms).toBeGreaterThan(0);
    expect(await s3.keys(`tensors/${session.session_id}`)).toEqual([]);
  });
});

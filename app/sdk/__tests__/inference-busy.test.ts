import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { tensorExists } from "@/lib/storage/local-storage";
import { createDeveloperWithKeys } from "@/test/fixtures";
import { uniqueIp } from "@/test/ip";
import { startSession, uploadComplete, uploadTensor } from "@/test/sdk-client";
import { syntheticTensor } from "@/test/tensors";

// Every inference thread busy past INFERENCE_QUEUE_WAIT_MS: the pool answers BUSY (nothing ran,
// inference/test/pool.test.ts). Here the pool's answer is stood in for, to show what the client
// gets: 503 with the session open again and its tensor kept, so the retry measures the scan.
const busy = vi.hoisted(() => ({ times: 0 }));
vi.mock("@/lib/inference/analyze-tensor", async (original) => {
  const real = await original<typeof import("@/lib/inference/analyze-tensor")>();
  return {
    ...real,
    analyzeTensor: (...args: Parameters<typeof real.analyzeTensor>) => {
      if (busy.times > 0) {
        busy.times--;
        return Promise.resolve({ ok: false, error: { code: "BUSY", message: "no inference thread was free" } });
      }
      return real.analyzeTensor(...args);
    },
  };
});

afterEach(() => {
  busy.times = 0;
});

describe("upload-complete while every inference thread is busy", () => {
  it("503 UNAVAILABLE, the session open again with its tensor, and the retry measures the scan (charged once)", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const key = { key: live.key, ip: uniqueIp() };
    const session = await (await startSession(key)).json();
    const { tensor } = syntheticTensor({ heartRate: 72 });
    expect((await uploadTensor(session.upload_url, tensor)).status).toBe(200);
    busy.times = 1;
    const refused = await uploadComplete(key, { session_id: session.session_id });
    expect(refused.status).toBe(503);
    const body = await refused.json();
    expect(body).toMatchObject({ error: "UNAVAILABLE", retryable: true, retryAfter: 5 });
    expect(body.message).toContain("Send upload-complete again");
    expect((await db.session.findUniqueOrThrow({ where: { id: session.session_id } })).status).toBe("uploading");
    expect(await tensorExists(session.session_id)).toBe(true);

    const measured = await uploadComplete(key, { session_id: session.session_id });
    expect(measured.status).toBe(200);
    const { vitals } = await measured.json();
    expect(vitals.confidence).toBeGreaterThan(0);
    expect(await tensorExists(session.session_id)).toBe(false);
    const month = new Date().toISOString().slice(0, 7);
    const usage = await db.usageMonth.findUnique({
      where: { developerId_month: { developerId: developer.id, month } },
    });
    expect(usage?.scanCount).toBe(1);
  });
});

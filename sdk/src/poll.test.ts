import { describe, expect, it } from "vitest";
import { BASE, KEYS, errorResponse, fakeService, fakeSleep, jsonResponse, session } from "../test/fake-service.js";
import { PollTimeoutError, VitalsClient } from "./index.js";

const vitals = {
  heart_rate: 66.4,
  respiratory_rate: 14.2,
  hrv: 51,
  spo2: 98.1,
  systolic_bp: 121.3,
  diastolic_bp: 79.9,
  confidence: 0.81,
};
const id = session().session_id;

function polled(statuses: string[]) {
  return fakeService((_req, i) => {
    const status = statuses[Math.min(i, statuses.length - 1)];
    return jsonResponse(
      status === "completed"
        ? { session_id: id, status, vitals, completed_at: 1_900_000_000 }
        : { session_id: id, status },
    );
  });
}

describe("pollResult", () => {
  it("polls every 2 s until completed, then answers the vitals", async () => {
    const service = polled(["created", "uploading", "processing", "processing", "completed"]);
    const { sleep, waits } = fakeSleep();
    const seen: string[] = [];
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep });
    const result = await client.pollResult(id, { onStatus: (s) => seen.push(s) });
    expect(result).toMatchObject({ status: "completed", vitals, completed_at: 1_900_000_000 });
    expect(service.requests).toHaveLength(5);
    expect(service.requests.every((r) => r.method === "GET" && r.url === `${BASE}/sdk/session/result/${id}`)).toBe(
      true,
    );
    expect(waits).toEqual([2000, 2000, 2000, 2000]);
    expect(seen).toEqual(["created", "uploading", "processing", "processing", "completed"]);
  });

  it("stops at failed and hands back the fallback vitals", async () => {
    const fallback = { ...vitals, confidence: 0 };
    const service = fakeService((_req, i) =>
      jsonResponse(
        i === 0 ? { session_id: id, status: "processing" } : { session_id: id, status: "failed", vitals: fallback },
      ),
    );
    const { sleep } = fakeSleep();
    const result = await new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep }).pollResult(
      id,
    );
    expect(result.status).toBe("failed");
    expect(result.vitals?.confidence).toBe(0);
  });

  it("gives up after 60 attempts (120 s of 2 s waits) with PollTimeoutError", async () => {
    const service = polled(["processing"]);
    const { sleep, waits } = fakeSleep();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep });
    const err = await client.pollResult(id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PollTimeoutError);
    expect(err).toMatchObject({ attempts: 60, lastStatus: "processing", sessionId: id });
    expect(service.requests).toHaveLength(60);
    // No wait after the last attempt: giving up does not cost another interval.
    expect(waits).toHaveLength(59);
    expect(new Set(waits)).toEqual(new Set([2000]));
  });

  it("honours a custom cadence and attempt count", async () => {
    const service = polled(["processing"]);
    const { sleep, waits } = fakeSleep();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep });
    await expect(client.pollResult(id, { intervalMs: 500, maxAttempts: 3 })).rejects.toBeInstanceOf(PollTimeoutError);
    expect(service.requests).toHaveLength(3);
    expect(waits).toEqual([500, 500]);
  });

  it("waits out a 429 between polls without spending an attempt on it", async () => {
    const service = fakeService((_req, i) =>
      i === 1
        ? errorResponse(429, "RATE_LIMIT_EXCEEDED", { retryable: true, retryAfter: 5, headers: { "retry-after": "5" } })
        : jsonResponse(
            i < 2
              ? { session_id: id, status: "processing" }
              : { session_id: id, status: "completed", vitals, completed_at: 1 },
          ),
    );
    const { sleep, waits } = fakeSleep();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep });
    const result = await client.pollResult(id, { maxAttempts: 2 });
    expect(result.status).toBe("completed");
    expect(waits).toEqual([2000, 5000]);
  });

  it("throws SESSION_NOT_FOUND at once (nothing to wait for)", async () => {
    const service = fakeService(() => errorResponse(404, "SESSION_NOT_FOUND"));
    const { sleep, waits } = fakeSleep();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep });
    await expect(client.pollResult(id)).rejects.toMatchObject({ error: "SESSION_NOT_FOUND" });
    expect(waits).toEqual([]);
  });
});

describe("measure with polling", () => {
  it("takes the upload-complete answer when polling finds nothing (persistence off)", async () => {
    const s = session();
    const service = fakeService((req) => {
      if (req.url.endsWith("/start")) return jsonResponse(s);
      if (req.method === "PUT") return new Response(null, { status: 200 });
      if (req.url.includes("/result/")) return errorResponse(404, "SESSION_NOT_FOUND");
      return new Promise((resolve) =>
        setTimeout(
          () => resolve(jsonResponse({ session_id: id, status: "completed", vitals, processing_time_ms: 5 })),
          20,
        ),
      );
    });
    const { sleep } = fakeSleep();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep });
    const result = await client.measure(new Uint8Array(8), { poll: true });
    expect(result).toMatchObject({ status: "completed", vitals, processing_time_ms: 5 });
  });

  it("gets the result by polling when the upload-complete connection is lost (persistence on)", async () => {
    const s = session();
    let polls = 0;
    const service = fakeService((req) => {
      if (req.url.endsWith("/start")) return jsonResponse(s);
      if (req.method === "PUT") return new Response(null, { status: 200 });
      if (req.url.includes("/result/")) {
        polls++;
        return jsonResponse(
          polls < 3
            ? { session_id: id, status: "processing" }
            : { session_id: id, status: "completed", vitals, completed_at: 7 },
        );
      }
      throw new TypeError("socket hang up");
    });
    const { sleep } = fakeSleep();
    const client = new VitalsClient({ apiKey: KEYS.live, baseUrl: BASE, fetch: service.fetch, sleep });
    const result = await client.measure(new Uint8Array(8), { poll: true });
    expect(result).toMatchObject({ status: "completed", vitals, completed_at: 7 });
    expect(polls).toBe(3);
  });
});

import { describe, expect, it } from "vitest";
import { drainWindowMs } from "./shutdown";

describe("the stop window", () => {
  it("covers the longest upload-complete: a thread's wait and the scan, or the queue's whole wait", () => {
    const settings = { INFERENCE_QUEUE_WAIT_MS: 90_000, INFERENCE_TIMEOUT_MS: 10_000 };
    expect(drainWindowMs({ ...settings, INFERENCE_QUEUE: "pool" })).toBe(105_000);
    expect(drainWindowMs({ ...settings, INFERENCE_QUEUE: "redis" })).toBe(95_000);
    expect(
      drainWindowMs({ INFERENCE_QUEUE: "redis", INFERENCE_QUEUE_WAIT_MS: 240_000, INFERENCE_TIMEOUT_MS: 10_000 }),
    ).toBe(245_000);
  });
});

import { describe, expect, it } from "vitest";
import { requestTimeoutMs } from "./request-timeout";

describe("requestTimeoutMs", () => {
  it("lets the largest upload through at 1 Mbit/s, with a minute to spare, and is never unlimited", () => {
    const maxTensorBytes = 128 * 1024 * 1024; // MAX_TENSOR_BYTES' default
    const timeout = requestTimeoutMs(maxTensorBytes);
    const atOneMegabit = ((maxTensorBytes * 8) / 1_000_000) * 1000;
    expect(timeout).toBeGreaterThanOrEqual(atOneMegabit + 60_000);
    expect(timeout).toBeLessThan(20 * 60_000);
    // Node's 0 means "no limit": a small cap still leaves a finite, sufficient time.
    expect(requestTimeoutMs(0)).toBe(60_000);
    expect(requestTimeoutMs(4 * 1024 * 1024)).toBeGreaterThan(60_000);
  });
});

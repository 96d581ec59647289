import { describe, expect, it } from "vitest";
import { readCappedBody } from "./read-body";

/** A POST whose body sends `parts` (a pause of `gapMs` before each) and then ends, or stalls when `stall`. */
function streamedRequest(parts: string[], gapMs: number, stall = false): Request {
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const part of parts) {
        await new Promise((r) => setTimeout(r, gapMs));
        controller.enqueue(new TextEncoder().encode(part));
      }
      if (!stall) controller.close();
    },
  });
  return new Request("http://x/", { method: "POST", body, duplex: "half" } as RequestInit);
}

describe("readCappedBody", () => {
  it("refuses a body that stalls before it is whole with 400, at its deadline", async () => {
    const started = performance.now();
    const read = readCappedBody(streamedRequest(['{"session_id":'], 10, true), 1024, "too large", 300);
    await expect(read).rejects.toMatchObject({
      code: "INVALID_REQUEST",
      status: 400,
      message: "The request body did not arrive whole within 0.3 seconds",
    });
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2000);
  });

  it("takes a body that trickles in within the deadline, whole", async () => {
    const parts = ['{"a":', "1,", '"b":', "2}"];
    const body = await readCappedBody(streamedRequest(parts, 40), 1024, "too large", 1000);
    expect(body.toString()).toBe('{"a":1,"b":2}');
  });

  it("refuses a streamed body over the cap with 413 before it ends", async () => {
    const read = readCappedBody(streamedRequest(["x".repeat(600), "x".repeat(600)], 5, true), 1024, "too large", 5000);
    await expect(read).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE", status: 413 });
  });
});

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ChunkedUpload, takesChunks } from "./chunked-upload.js";
import { VitalsApiError } from "./errors.js";
import type { Transport } from "./http.js";

const URL_ = "https://api.example.test/upload/6f1c1c5e-2d7a-4c1e-9a53-3f1e2b7c9d10?expires=9999999999&sig=ab";

/**
 * The service's side of the protocol (docs/api.md, "Chunked upload"), in memory: chunks from
 * byte 36 in order, 409 with Range otherwise, the header last. `fault(n)` decides, per request,
 * to fail it before it arrives ("offline") or after it arrived ("lost": the answer never comes).
 */
function fakeService(fault: (n: number) => "offline" | "lost" | undefined = () => undefined) {
  const held: Buffer[] = [];
  let end = 36;
  let header: Buffer | undefined;
  let received = 0;
  let n = 0;
  const range = (): Record<string, string> => (end > 36 ? { Range: `bytes=36-${end - 1}` } : {});
  const fetch = async (_url: string, init?: RequestInit) => {
    const what = fault(++n);
    if (what === "offline") throw new TypeError("fetch failed");
    const cr = new Headers(init?.headers).get("content-range")!;
    const body = Buffer.from(init?.body as Uint8Array);
    received += body.length;
    let res: Response;
    if (cr === "bytes */*") res = new Response(null, { status: header ? 200 : 308, headers: range() });
    else {
      const [, a, b, total] = /^bytes (\d+)-(\d+)\/(\d+|\*)$/
        .exec(cr)!
        .map((v, i) => (i && v !== "*" ? Number(v) : v)) as [string, number, number, number | "*"];
      if (a === 0) {
        if (total !== end)
          res = new Response(JSON.stringify({ error: "UPLOAD_CONFLICT", message: "m", retryable: false }), {
            status: 409,
            headers: range(),
          });
        else {
          header = body;
          res = new Response(null, { status: 200, headers: { ETag: '"x"' } });
        }
      } else if (a !== end) {
        res = new Response(JSON.stringify({ error: "UPLOAD_CONFLICT", message: "m", retryable: false }), {
          status: 409,
          headers: range(),
        });
      } else {
        expect(body.length).toBe(b - a + 1);
        held.push(body);
        end = b + 1;
        res = new Response(null, { status: 308, headers: range() });
      }
    }
    if (what === "lost") throw new TypeError("fetch failed");
    return res;
  };
  const transport: Transport = {
    fetch,
    sleep: async () => undefined,
    retry: { maxRetries: 0, maxRetryWaitSeconds: 0 },
  };
  return { transport, stored: () => Buffer.concat([header ?? Buffer.alloc(0), ...held]), received: () => received };
}

describe("ChunkedUpload", () => {
  it("sends written bytes in chunks as they come and the header last; the service holds the tensor exactly", async () => {
    const service = fakeService();
    const tensor = randomBytes(36 + 10_000);
    const upload = new ChunkedUpload(service.transport, URL_, { chunkBytes: 1000 });
    for (let at = 36; at < tensor.length; at += 777)
      upload.write(tensor.subarray(at, Math.min(at + 777, tensor.length)));
    expect(await upload.finish(tensor.subarray(0, 36))).toEqual({ etag: '"x"' });
    expect(Buffer.compare(service.stored(), tensor)).toBe(0);
    expect(upload.stats).toMatchObject({ sentBytes: tensor.length, ackedBytes: tensor.length, resumes: 0 });
  });

  it("offline for a while, and a chunk whose answer is lost: asks what is held and goes on, resending at most one chunk", async () => {
    const service = fakeService((n) => (n >= 3 && n <= 6 ? "offline" : n === 9 ? "lost" : undefined));
    const tensor = randomBytes(36 + 20_000);
    const upload = new ChunkedUpload(service.transport, URL_, { chunkBytes: 1000 });
    upload.write(tensor.subarray(36));
    await upload.finish(tensor.subarray(0, 36));
    expect(Buffer.compare(service.stored(), tensor)).toBe(0);
    expect(upload.stats.resumes).toBeGreaterThan(0);
    // The lost answer's chunk arrived; it is not sent again.
    expect(service.received()).toBe(tensor.length);
    expect(upload.stats.sentBytes - tensor.length).toBeLessThanOrEqual(1000);
  });

  it("the header's answer lost: the status query says the upload is whole", async () => {
    const tensor = randomBytes(36 + 3000);
    const service = fakeService((n) => (n === 4 ? "lost" : undefined));
    const upload = new ChunkedUpload(service.transport, URL_, { chunkBytes: 1000 });
    upload.write(tensor.subarray(36));
    await upload.finish(tensor.subarray(0, 36));
    expect(Buffer.compare(service.stored(), tensor)).toBe(0);
  });

  it("an answer no retry changes (403) ends the upload with the service's error; the network down past retryForMs ends it too", async () => {
    const refusing: Transport = {
      fetch: async () =>
        new Response(JSON.stringify({ error: "FORBIDDEN", message: "gone", retryable: false }), { status: 403 }),
      sleep: async () => undefined,
      retry: { maxRetries: 0, maxRetryWaitSeconds: 0 },
    };
    const upload = new ChunkedUpload(refusing, URL_, { chunkBytes: 10 });
    upload.write(new Uint8Array(100));
    await expect(upload.finish(new Uint8Array(36))).rejects.toMatchObject({ error: "FORBIDDEN" });
    const offline = fakeService(() => "offline");
    const gone = new ChunkedUpload(offline.transport, URL_, { chunkBytes: 10, retryForMs: 0 });
    gone.write(new Uint8Array(100));
    await expect(gone.finish(new Uint8Array(36))).rejects.toThrow(/failed/);
    expect(VitalsApiError).toBeDefined();
  });

  it("cancel(): nothing more is sent, and finish() rejects", async () => {
    const service = fakeService();
    const upload = new ChunkedUpload(service.transport, URL_, { chunkBytes: 1000 });
    upload.cancel();
    upload.write(new Uint8Array(5000));
    await expect(upload.finish(new Uint8Array(36))).rejects.toThrow(/cancelled/);
    expect(service.received()).toBe(0);
  });

  it("takes chunks only to the service's own signed target", () => {
    expect(takesChunks(URL_)).toBe(true);
    expect(takesChunks("https://bucket.s3.amazonaws.com/tensors/x?X-Amz-Signature=1")).toBe(false);
    expect(takesChunks("not a url")).toBe(false);
  });
});

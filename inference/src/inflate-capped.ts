import zlib from "node:zlib";
import { crc32Update } from "./crc32.js";
import { inflateAllowance, MAX_INFLATE_RATIO, TensorError } from "./tensor-format.js";

const INPUT_SLICE = 1 << 20;

/**
 * Streams a gzip body into one preallocated buffer of exactly `expected` bytes.
 * Decompression stops the moment output would pass the cap, or inflate more than
 * MAX_INFLATE_RATIO times the input fed so far, so a gzip bomb costs a few MiB.
 */
export function inflateCapped(body: Uint8Array, expected: number): Promise<{ data: Uint8Array; crc: number }> {
  return new Promise((resolve, reject) => {
    const out = new Uint8Array(expected);
    let written = 0;
    // The CRC is updated per chunk while zlib inflates the next one on its thread, so
    // checking the body costs almost nothing extra.
    let crc = 0;
    let settled = false;
    /** Input bytes fed to zlib so far (the inflate ratio's base). */
    let offset = 0;
    const gunzip = zlib.createGunzip({ chunkSize: 1 << 20 });
    const fail = (err: TensorError) => {
      if (settled) return;
      settled = true;
      gunzip.destroy();
      reject(err);
    };
    gunzip.on("data", (chunk: Buffer) => {
      if (settled) return;
      if (written + chunk.length > expected) {
        fail(new TensorError("BODY_TOO_LARGE", `inflated body exceeds the ${expected}-byte cap`));
        return;
      }
      if (written + chunk.length > inflateAllowance(offset)) {
        fail(new TensorError("BODY_TOO_LARGE", `gzip body inflates more than ${MAX_INFLATE_RATIO}x its size`));
        return;
      }
      out.set(chunk, written);
      written += chunk.length;
      crc = crc32Update(crc, chunk);
    });
    gunzip.on("error", (e: Error) => fail(new TensorError("BAD_GZIP", `gzip body is invalid: ${e.message}`)));
    gunzip.on("end", () => {
      if (settled) return;
      if (written !== expected) {
        fail(new TensorError("BODY_SIZE_MISMATCH", `inflated body is ${written} bytes, expected ${expected}`));
        return;
      }
      settled = true;
      resolve({ data: out, crc });
    });
    // Feed in slices, honouring backpressure, so we never queue the whole input at once.
    const pump = () => {
      while (!settled && offset < body.length) {
        const end = Math.min(offset + INPUT_SLICE, body.length);
        const more = gunzip.write(body.subarray(offset, end));
        offset = end;
        if (!more) {
          gunzip.once("drain", pump);
          return;
        }
      }
      if (!settled && offset >= body.length) gunzip.end();
    };
    pump();
  });
}

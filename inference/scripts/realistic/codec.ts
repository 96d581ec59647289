// Real codecs through Debian's ffmpeg: raw RGB frames in, a compressed file in a temp
// dir, and decoded RGB frames back out, as a phone or browser would record them.
import { spawn } from "node:child_process";

export type Codec = "h264" | "vp8" | "vp9";

const ENCODER: Record<Codec, { ext: string; args: string[] }> = {
  // Phone-like: constrained bitrate, no B-frame tricks beyond the preset's.
  h264: { ext: "mp4", args: ["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main"] },
  // Browser MediaRecorder / WebRTC style realtime encoders.
  vp8: { ext: "webm", args: ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8"] },
  vp9: { ext: "webm", args: ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1"] },
};

export const extensionOf = (codec: Codec) => ENCODER[codec].ext;

function run(
  args: string[],
  feed?: (stdin: NodeJS.WritableStream) => Promise<void>,
  onData?: (chunk: Buffer) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn("ffmpeg", ["-hide_banner", "-loglevel", "error", "-threads", "1", ...args], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    let err = "";
    p.stderr.on("data", (d) => (err += d));
    if (onData) p.stdout.on("data", onData);
    p.on("error", reject);
    p.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}: ${err.slice(0, 300)}`))));
    if (feed) feed(p.stdin).then(() => p.stdin.end(), reject);
    else p.stdin.end();
  });
}

/** Encodes `frameCount` RGB24 frames produced by `render` into `file` at `kbps`. */
export function encode(
  file: string,
  codec: Codec,
  o: { width: number; height: number; fps: number; kbps: number; frameCount: number },
  render: (t: number, out: Uint8Array) => void,
): Promise<void> {
  const frame = new Uint8Array(o.width * o.height * 3);
  const rate = [`-b:v`, `${o.kbps}k`, "-maxrate", `${Math.round(o.kbps * 1.5)}k`, "-bufsize", `${o.kbps * 2}k`];
  // One encoder thread (an output option, after -i; run()'s -threads binds the input): with
  // several, libx264 and libvpx gave different video run to run.
  return run(
    [
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-s",
      `${o.width}x${o.height}`,
      "-r",
      String(o.fps),
      "-i",
      "pipe:0",
      ...ENCODER[codec].args,
      ...rate,
      "-pix_fmt",
      "yuv420p",
      "-g",
      String(o.fps),
      "-threads",
      "1",
      "-y",
      file,
    ],
    async (stdin) => {
      for (let t = 0; t < o.frameCount; t++) {
        render(t, frame);
        if (!stdin.write(Buffer.from(frame))) await new Promise((r) => stdin.once("drain", r));
      }
    },
  );
}

/** Decodes `file` to RGB24 and hands each whole frame (index, pixels) to `onFrame`. */
export async function decode(
  file: string,
  width: number,
  height: number,
  onFrame: (t: number, rgb: Uint8Array) => void,
): Promise<number> {
  const size = width * height * 3;
  let pending: Buffer = Buffer.alloc(0),
    t = 0;
  await run(["-i", file, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"], undefined, (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= size) {
      onFrame(t++, new Uint8Array(pending.buffer, pending.byteOffset, size));
      pending = pending.subarray(size);
    }
  });
  return t;
}

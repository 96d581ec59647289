// npm run bench:video: the Node video scan's cost (sdk/src/video, docs/sdk.md "From a video file
// in Node") on a generated face video, as Y4M (no codec), as H.264 in an MP4, and as H.264 at
// a webcam's 640x480. Prints, per video, the time to build the tensor against the video's own
// length (real-time factor), against the same scan with the face mesh on tfjs's WebAssembly
// (as before onnxruntime ran it) and against ffmpeg decoding the same frames alone, in the same
// run; the heart rate the real inference reads from the tensor, and whether every run gave
// one tensor body.
// `-- --conditions`: accuracy over a grid of frame rates, codecs and face sizes instead
// (video-conditions.ts).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { analyzeBuffer } from "@vitals/inference";
import { writeFaceVideo } from "../../e2e/fixtures/face-video";
import { decodeFrames, decodeSize, probeVideo } from "../../sdk/src/video/decode";
import { NodeFaceModel, tensorFromVideo } from "../../sdk/src/video/index";
import { runConditions } from "./video-conditions";

if (process.argv.includes("--conditions")) {
  await runConditions();
  process.exit(0);
}

const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 20);
const RUNS = Number(process.env.BENCH_VIDEO_RUNS ?? 3);
const dir = mkdtempSync(path.join(tmpdir(), "vitals-bench-video-"));
const H264 = ["-c:v", "libx264", "-crf", "18", "-pix_fmt", "yuv420p"];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const y4m = path.join(dir, "face.y4m");
  const truth = writeFaceVideo({ out: y4m, heartRate: 78, seconds: SECONDS + 1, seed: 78 });
  const mp4 = path.join(dir, "face.mp4");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", y4m, ...H264, mp4]);
  // A webcam's size: the face scaled to 480 px high, centred on a 640x480 frame.
  const vga = path.join(dir, "face-640x480.mp4");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", y4m, "-vf", "scale=480:480,pad=640:480:80:0", ...H264, vga]);
  let t = performance.now();
  const models = {
    onnxruntime: await NodeFaceModel.load(),
    "tfjs-wasm": await NodeFaceModel.load({ meshRuntime: "tfjs-wasm" }),
  };
  console.log(
    `face models load: ${(performance.now() - t).toFixed(0)} ms (mesh on ${models.onnxruntime.meshRuntime}); load average ${loadavg()[0]!.toFixed(2)}`,
  );
  console.log(
    `${SECONDS} s of a face video at 30 fps, median of ${RUNS} runs; truth ${truth.heartRate.toFixed(1)} bpm`,
  );
  for (const [file, label] of [
    [y4m, "320x320 Y4M"],
    [mp4, "320x320 H.264"],
    [vga, "640x480 H.264"],
  ] as const) {
    const info = await probeVideo(file);
    const decodeMs: number[] = [];
    const scanMs = { onnxruntime: [] as number[], "tfjs-wasm": [] as number[] };
    const hashes = new Set<string>();
    let last: Awaited<ReturnType<typeof tensorFromVideo>> | undefined;
    for (let run = 0; run < RUNS; run++) {
      t = performance.now();
      await decodeFrames(file, decodeSize(info), SECONDS, () => undefined);
      decodeMs.push(performance.now() - t);
      // The mesh runtimes alternate within a run, so both see the same machine.
      for (const runtime of ["onnxruntime", "tfjs-wasm"] as const) {
        t = performance.now();
        const made = await tensorFromVideo(file, { durationSeconds: SECONDS, faceModel: models[runtime] });
        scanMs[runtime].push(performance.now() - t);
        if (runtime === "onnxruntime") {
          last = made;
          hashes.add(made.bodySha256);
        }
      }
    }
    const scan = median(scanMs.onnxruntime),
      baseline = median(scanMs["tfjs-wasm"]),
      decode = median(decodeMs);
    const out = await analyzeBuffer(Buffer.from(last!.tensor));
    const read = out.ok ? `${out.vitals.heart_rate} bpm at ${out.vitals.confidence}` : out.error.code;
    console.log(
      `${label.padEnd(14)} tensor in ${(scan / 1000).toFixed(2)} s (${(scan / last!.landmarkRuns).toFixed(1)} ms a frame, ` +
        `${((SECONDS * 1000) / scan).toFixed(2)}x real time); mesh on tfjs-wasm ${(baseline / 1000).toFixed(2)} s ` +
        `(${(baseline / scan).toFixed(2)}x slower); decoding alone ${(decode / 1000).toFixed(2)} s; ` +
        `${last!.frameCount} frames, ${(last!.tensor.byteLength / 1e6).toFixed(1)} MB gzipped; read ${read}; ` +
        `${hashes.size === 1 ? "one body hash" : `${hashes.size} body hashes`} in ${RUNS} runs`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);

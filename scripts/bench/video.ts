// npm run bench:video: the Node video scan's cost (sdk/src/video, docs/sdk.md "From a video file
// in Node") on a generated face video, as Y4M (no codec) and as H.264 in an MP4. Prints, per
// video, the time to build the tensor against the video's own length (real-time factor), and
// against ffmpeg decoding the same frames alone in the same run (the baseline: what any
// reader of the file pays), and the heart rate the real inference reads from the tensor.
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
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  const y4m = path.join(dir, "face.y4m");
  const truth = writeFaceVideo({ out: y4m, heartRate: 78, seconds: SECONDS + 1, seed: 78 });
  const mp4 = path.join(dir, "face.mp4");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", y4m, "-c:v", "libx264", "-crf", "18", "-pix_fmt", "yuv420p", mp4]);
  let t = performance.now();
  const model = await NodeFaceModel.load();
  console.log(`face model load: ${(performance.now() - t).toFixed(0)} ms; load average ${loadavg()[0]!.toFixed(2)}`);
  console.log(
    `${SECONDS} s of a 320x320 face video at 30 fps, median of ${RUNS} runs; truth ${truth.heartRate.toFixed(1)} bpm`,
  );
  for (const file of [y4m, mp4]) {
    const info = await probeVideo(file);
    const decodeMs: number[] = [],
      scanMs: number[] = [];
    let last: Awaited<ReturnType<typeof tensorFromVideo>> | undefined;
    for (let run = 0; run < RUNS; run++) {
      t = performance.now();
      await decodeFrames(file, decodeSize(info), SECONDS, () => undefined);
      decodeMs.push(performance.now() - t);
      t = performance.now();
      last = await tensorFromVideo(file, { durationSeconds: SECONDS, faceModel: model });
      scanMs.push(performance.now() - t);
    }
    const scan = median(scanMs),
      decode = median(decodeMs);
    const out = await analyzeBuffer(Buffer.from(last!.tensor));
    const read = out.ok ? `${out.vitals.heart_rate} bpm at ${out.vitals.confidence}` : out.error.code;
    console.log(
      `${path.extname(file).slice(1).padEnd(4)} tensor in ${(scan / 1000).toFixed(2)} s (${(scan / last!.landmarkRuns).toFixed(1)} ms a frame, ` +
        `${((SECONDS * 1000) / scan).toFixed(2)}x real time); decoding alone ${(decode / 1000).toFixed(2)} s ` +
        `(${(scan / decode).toFixed(1)}x); ${last!.frameCount} frames, ${(last!.tensor.byteLength / 1e6).toFixed(1)} MB gzipped; read ${read}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);

// npm run bench:capture: the browser SDK's cost on the device, in headless Debian Chromium with
// a generated face video as its camera. Prints the per-frame cost of sampling the four regions
// (against the frame interval of the camera), the rate at which the face model refreshes the
// landmarks, and the sizes a page downloads; then the same video as a picked MP4 file, decoded
// frame by frame, and how long its seconds took against real time. Device side only: a small local server serves
// public/ and answers the three SDK calls with canned bodies (no database, no inference).
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync, statSync, mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { FRAME_SIZE, writeFaceVideo } from "../../e2e/fixtures/face-video";
import { launchWithCamera, openHarness, runCapture } from "../../e2e/support/capture-harness";
import { serve } from "../../e2e/support/sdk-stub-server";
import { quantile } from "./quantile";

const root = path.resolve(import.meta.dirname, "../..");
const pub = path.join(root, "public");
const CAPTURE_SECONDS = Number(process.env.BENCH_CAPTURE_SECONDS ?? 20);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const sizeOf = (dir: string) => readdirSync(dir).reduce((sum, n) => sum + statSync(path.join(dir, n)).size, 0);

async function main() {
  if (!statSync(path.join(pub, "sdk", "vitals-web.js"), { throwIfNoEntry: false }))
    throw new Error("run npm run build:web (or npm run build) first");
  const dir = mkdtempSync(path.join(tmpdir(), "vitals-bench-capture-"));
  const video = path.join(dir, "face.y4m");
  const truth = writeFaceVideo({ out: video, heartRate: 72, seconds: CAPTURE_SECONDS + 10 });
  // The file a person would pick: H.264 MP4, as the Try it test makes it (near-lossless).
  const mp4 = path.join(dir, "face.mp4");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-i",
    video,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-crf",
    "8",
    "-pix_fmt",
    "yuv420p",
    "-an",
    mp4,
  ]);
  const server = await serve({ "/face.mp4": mp4 });
  const browser = await launchWithCamera(video);
  try {
    const page = await openHarness(browser, server.url);
    const run = await runCapture(page, "bench-token", CAPTURE_SECONDS);
    if (!run.ok || !run.stats) throw new Error(`capture failed: ${JSON.stringify(run.error)}`);
    const { sampleMs, landmarkMs, landmarkRefreshesPerSecond, fps } = run.stats;
    const interval = 1000 / fps;
    console.log(
      `Browser capture, headless Chromium, ${truth.fps} fps ${CAPTURE_SECONDS} s camera (${FRAME_SIZE}x${FRAME_SIZE} Y4M), load average ${loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      `  sampling per frame  median ${quantile(sampleMs, 0.5).toFixed(2)} ms  p95 ${quantile(sampleMs, 0.95).toFixed(2)} ms  over ${sampleMs.length} frames`,
    );
    console.log(
      `                      median = ${((100 * quantile(sampleMs, 0.5)) / interval).toFixed(1)}% of the ${interval.toFixed(1)} ms frame interval (capture rate ${fps.toFixed(2)} fps)`,
    );
    console.log(
      `  landmarks           ${landmarkRefreshesPerSecond.toFixed(1)} refreshes/s; model time median ${quantile(landmarkMs, 0.5).toFixed(0)} ms  p95 ${quantile(landmarkMs, 0.95).toFixed(0)} ms (worker)`,
    );
    // The entry, the worker, and the chunks the entry loads when it needs them (the MP4 reader).
    const chunks = readdirSync(path.join(pub, "sdk", "chunks")).filter((n) => n.endsWith(".js"));
    for (const name of ["vitals-web.js", "face-worker.js", ...chunks.map((n) => `chunks/${n}`)]) {
      const bytes = readFileSync(path.join(pub, "sdk", name));
      console.log(`  ${name.padEnd(19)} ${kib(bytes.length)}, gzip ${kib(gzipSync(bytes, { level: 9 }).length)}`);
    }
    await fileRun(page);
    console.log(`  face models         ${kib(sizeOf(path.join(pub, "models", "human")))} (blazeface + facemesh)`);
    const wasm = readdirSync(path.join(pub, "models", "tfjs"));
    console.log(
      `  tfjs .wasm          ${wasm.map((n) => `${n} ${kib(statSync(path.join(pub, "models", "tfjs", n)).size)}`).join(", ")} (one is loaded)`,
    );
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same video picked as an MP4 file: decoded frame by frame, on its own timeline. */
async function fileRun(page: import("@playwright/test").Page) {
  const run = await runCapture(page, "bench-token", CAPTURE_SECONDS, { videoUrl: "/face.mp4", asFile: true });
  if (!run.ok || !run.stats) throw new Error(`file capture failed: ${JSON.stringify(run.error)}`);
  const { sourceSeconds, wallSeconds, pace, sampleMs, landmarkMs } = run.stats;
  console.log(
    `  video file (MP4)    ${sourceSeconds.toFixed(1)} s of video ${pace} in ${wallSeconds.toFixed(1)} s = ${(sourceSeconds / wallSeconds).toFixed(2)}x real time; ${sampleMs.length} frames, every one meshed (model median ${quantile(landmarkMs, 0.5).toFixed(0)} ms)`,
  );
}

// --engine NAME: the same SDK in Chromium, Firefox ESR or WebKitGTK (capture-engines.ts).
// --phone [--cpu N]: Chromium as a phone, at its own speed and with the CPU slowed (capture-phone.ts).
if (process.argv.includes("--engine")) await import("./capture-engines");
else if (process.argv.includes("--phone")) await import("./capture-phone");
else await main();

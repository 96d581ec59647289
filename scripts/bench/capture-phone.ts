// npm run bench:capture -- --phone [--cpu 4]: the browser SDK in Debian Chromium as on a phone
// (390x844 viewport, touch, 3x pixels), the face fixture as its camera, first at the machine's
// own speed, then with the CPU slowed (CDP Emulation.setCPUThrottlingRate, 4x unless told):
// frames kept of the camera's 30 a second, sampling cost per frame, landmark refreshes, the
// events the person would see, and what the service's pipeline reads from the tensor.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { analyzeBuffer } from "@vitals/inference";
import { writeFaceVideo } from "../../e2e/fixtures/face-video";
import { encodedTensor, launchWithCamera, openHarness, runCapture } from "../../e2e/support/capture-harness";
import { serve } from "../../e2e/support/sdk-stub-server";
import { quantile } from "./quantile";

const SECONDS = Number(process.env.BENCH_CAPTURE_SECONDS ?? 20);
const CAMERA_FPS = 30;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
const argv = process.argv.slice(2);
const slowdown = Number(argv[argv.indexOf("--cpu") + 1] ?? 4) || 4;
const pub = path.resolve(import.meta.dirname, "../../public");

if (!statSync(path.join(pub, "sdk", "vitals-web.js"), { throwIfNoEntry: false }))
  throw new Error("run npm run build:web (or npm run build) first");
const dir = mkdtempSync(path.join(tmpdir(), "vitals-bench-phone-"));
const y4m = path.join(dir, "face.y4m");
const truth = writeFaceVideo({ out: y4m, heartRate: 72, seconds: SECONDS + 10 });
const server = await serve({});
const browser = await launchWithCamera(y4m);
console.log(
  `Browser capture as a phone (390 px, touch), headless Chromium, face fixture ${truth.heartRate.toFixed(1)} bpm, ${SECONDS} s, load average ${loadavg()[0]!.toFixed(1)}`,
);
try {
  for (const rate of [1, slowdown]) {
    const page = await openHarness(browser, server.url, PHONE);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    const run = await runCapture(page, "bench-token", SECONDS);
    const label = `CPU ${rate}x`.padEnd(8);
    // What the person is told besides the face: light, motion, and the device's pace as it changed.
    const seen = run.events
      .filter((e) => e.type === "pace" || e.type === "lighting" || e.type === "motion")
      .map((e) => (e.type === "pace" ? `${e.tooSlow ? "too slow" : "keeps up"} at ${e.fps} fps` : e.type));
    if (!run.ok || !run.stats) {
      console.log(`  ${label} FAILED ${run.error?.reason ?? ""} ${run.error?.message}; events ${seen.join(", ")}`);
    } else {
      const s = run.stats;
      const { bytes } = await encodedTensor(page);
      const out = await analyzeBuffer(bytes);
      const read = out.ok
        ? `heart rate ${out.vitals.heart_rate} at confidence ${out.vitals.confidence}${out.vitals.quality?.reasons.length ? ` (${out.vitals.quality.reasons.join(", ")})` : ""}`
        : `analysis ${out.error.code}`;
      console.log(
        `  ${label} ${read}; ${s.frames} frames, ${((100 * s.fps) / CAMERA_FPS).toFixed(0)} % of the camera's ${CAMERA_FPS}/s kept; sampling median ${quantile(s.sampleMs, 0.5).toFixed(2)} ms p95 ${quantile(s.sampleMs, 0.95).toFixed(2)} ms; landmarks ${s.landmarkRefreshesPerSecond.toFixed(1)}/s (model median ${quantile(s.landmarkMs, 0.5).toFixed(0)} ms); events ${seen.join(", ") || "none"}`,
      );
    }
    await page.context().close();
  }
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}

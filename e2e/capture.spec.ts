import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { decodeTensor } from "@vitals/inference";
import { writeFaceVideo, type FaceVideoTruth } from "./fixtures/face-video";
import { heartRateBetween, shownHeartRate } from "./fixtures/pulse-waveform";
import { signUpVerified } from "./support/accounts";
import {
  encodedTensor,
  launchWithCamera,
  openHarness,
  runCapture,
  runNeverPlaying,
  type CaptureRun,
} from "./support/capture-harness";

// The browser SDK end to end: Chromium's camera is a generated face video with a known pulse
// (e2e/fixtures/face-video.ts); the SDK finds the face, samples the skin regions, uploads the
// tensor to the real production server with a client token minted from a live key (what a
// browser holds: docs/api.md, "Client tokens"), and the real inference answers.
test.describe.configure({ mode: "serial" });

const CAPTURE_SECONDS = 20;
// Camera time: the face model loads (a few seconds) while the camera already runs.
const VIDEO_SECONDS = 26;
const FILE_CAPTURE_SECONDS = 12;
const MIN_CAMERA_PACE = 0.98;
const email = `camera-${Date.now()}@example.test`;
const password = "Pulse-Of-The-Camera-2026";
let liveKey: string;
let dir: string;
let browser: Browser | undefined;

test.beforeAll(async ({ request }) => {
  dir = mkdtempSync(path.join(tmpdir(), "vitals-camera-"));
  await signUpVerified(request, email, password, "Camera Tester");
  const login = await request.post("/developer/login", { data: { email, password } });
  expect(login.status()).toBe(200);
  const { id_token } = (await login.json()) as { id_token: string };
  const created = await request.post("/developer/keys", {
    headers: { Authorization: `Bearer ${id_token}` },
    data: { name: "Browser capture", environment: "live" },
  });
  expect(created.status()).toBe(201);
  liveKey = ((await created.json()) as { key: string }).key;
  expect(liveKey).toMatch(/^ck_live_/);
});

/** A one-scan client token for the harness page's origin, minted with the live key as a server would. */
async function clientToken(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/sdk/client-token`, {
    method: "POST",
    headers: { "X-API-Key": liveKey, "Content-Type": "application/json" },
    body: JSON.stringify({ origins: [new URL(baseURL).origin], ttl_seconds: 600, max_scans: 1 }),
  });
  expect(res.status).toBe(201);
  const { token } = (await res.json()) as { token: string };
  expect(token).toMatch(/^ct_live_/);
  return token;
}

test.afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const videos = new Map<number, { video: string; truth: FaceVideoTruth }>();
/** The face video at this heart rate, written once per run. */
function faceVideo(heartRate: number) {
  if (!videos.has(heartRate)) {
    const video = path.join(dir, `face-${heartRate}.y4m`);
    videos.set(heartRate, {
      video,
      truth: writeFaceVideo({ out: video, heartRate, seconds: VIDEO_SECONDS, seed: heartRate }),
    });
  }
  return videos.get(heartRate)!;
}

/** A camera showing `video`, the harness page, and every request the page makes. */
async function cameraPage(video: string, baseURL: string): Promise<{ page: Page; requests: string[] }> {
  browser = await launchWithCamera(video);
  const page = await openHarness(browser, baseURL);
  const requests: string[] = [];
  page.on("request", (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
  return { page, requests };
}

function attachRun(testInfo: TestInfo, run: CaptureRun) {
  const { stats, ...rest } = run;
  const summary = stats && {
    frames: stats.frames,
    fps: stats.fps,
    landmarkRefreshesPerSecond: stats.landmarkRefreshesPerSecond,
  };
  const progress = run.events.filter((e) => e.type === "progress").pop();
  console.log(
    `${testInfo.title}: ${JSON.stringify(run.result?.vitals ?? run.error)} ${JSON.stringify(summary)} usable ${JSON.stringify(progress)}`,
  );
  return testInfo.attach("capture", {
    body: JSON.stringify({ ...rest, stats: summary }, null, 1),
    contentType: "application/json",
  });
}

for (const heartRate of [72, 132]) {
  test(`camera at ${heartRate} bpm: heart rate within 3 bpm at confidence >= 0.4`, async ({ baseURL }, testInfo) => {
    const { video, truth } = faceVideo(heartRate);
    // A machine too busy for Chromium's file camera to keep pace (it then stalls and slows the
    // waveform it shows) measures the machine, not the SDK: such a capture is taken again.
    let attempt: Awaited<ReturnType<typeof cameraCapture>>;
    for (let tries = 1; ; tries++) {
      attempt = await cameraCapture(video, baseURL!, testInfo, truth);
      if (attempt.pace >= MIN_CAMERA_PACE || tries === 3) break;
      console.log(`camera ran at ${(100 * attempt.pace).toFixed(1)}% of real time: capturing again`);
      await browser?.close();
    }
    const { run, requests, expected, pace } = attempt;
    expect(pace, "camera pace against real time (machine too busy)").toBeGreaterThanOrEqual(MIN_CAMERA_PACE);
    expect(run.events.some((e) => e.type === "face" && e.found === true)).toBe(true);
    const stages = run.events.filter((e) => e.type === "stage").map((e) => e.stage);
    expect(stages).toEqual(["loading-model", "capturing", "encoding", "uploading", "analysing"]);
    const usable = run.events.filter((e) => e.type === "progress").map((e) => e.usableSeconds as number);
    expect(usable.length).toBeGreaterThan(20);
    expect(usable.every((v, i) => i === 0 || v >= usable[i - 1]!)).toBe(true);
    expect(usable[usable.length - 1]).toBeGreaterThanOrEqual(12);
    // One session, its tensor sent in chunks while capturing (docs/sdk.md, "Upload while capturing").
    expect(requests.filter((r) => r.startsWith("POST /sdk/session/start"))).toHaveLength(1);
    expect(requests.filter((r) => r.startsWith("PUT /upload/")).length).toBeGreaterThan(1);
    const vitals = run.result!.vitals!;
    expect(vitals.confidence).toBeGreaterThanOrEqual(0.4);
    expect(Math.abs(vitals.heart_rate - expected)).toBeLessThanOrEqual(3);
    // The camera's frames reach the SDK before any codec. The service's key-frame test (a fold
    // of the frame-to-frame changes at 1 s) can still name `compression` by chance on a clean
    // capture (docs/inference.md, "Compression"); such a label must cost the reading nothing.
    if ((vitals.quality?.reasons ?? []).includes("compression")) expect(vitals.confidence).toBeGreaterThanOrEqual(0.7);
  });
}

/** One camera capture, its uploaded tensor checked, and the heart rate the camera showed. */
async function cameraCapture(video: string, baseURL: string, testInfo: TestInfo, truth: FaceVideoTruth) {
  const { page, requests } = await cameraPage(video, baseURL);
  const run = await runCapture(page, await clientToken(baseURL), CAPTURE_SECONDS);
  await attachRun(testInfo, run);
  expect(run.error).toBeUndefined();
  const { timestamps } = await checkUploadedTensor(page, testInfo, truth.fps);
  // The truth on the camera's clock: the file time shown at each capture time, read from the
  // frames' index blocks.
  const t0 = timestamps[0]!,
    t1 = timestamps[timestamps.length - 1]!;
  const clock = run.frameClock.filter(([t]) => t >= t0 - 500 && t <= t1 + 500);
  const shown = (ms: number) => interpolate(clock, ms) / truth.fps;
  const pace = (shown(t1) - shown(t0)) / ((t1 - t0) / 1000);
  const expected = shownHeartRate(truth.beats, shown, t0, t1, truth.fps);
  console.log(
    `expected ${expected.toFixed(2)} bpm (waveform ${truth.heartRate.toFixed(2)}, camera pace ${pace.toFixed(4)})`,
  );
  return { run, requests, expected, pace };
}

test("face covered for most of the capture: not enough usable signal, nothing uploaded; abort() ends a capture", async ({
  baseURL,
}, testInfo) => {
  const video = path.join(dir, "face-covered.y4m");
  // Short: the capture gives up once the needed seconds can no longer be reached.
  writeFaceVideo({ out: video, heartRate: 80, seconds: 16, coveredAfter: 3 });
  const { page, requests } = await cameraPage(video, baseURL!);
  const run = await runCapture(page, await clientToken(baseURL!), CAPTURE_SECONDS);
  await attachRun(testInfo, run);
  expect(run.ok).toBe(false);
  expect(run.error?.name).toBe("CaptureError");
  expect(run.error?.reason).toBe("not-enough-signal");
  expect(run.error?.message).toContain("not enough usable signal");
  expect(requests.filter((r) => r.startsWith("PUT "))).toEqual([]);
  expect(requests.filter((r) => r.includes("/sdk/session/"))).toEqual([]);
  expect(
    run.events.some((e) => e.type === "face" && e.found === false) || !run.events.some((e) => e.type === "face"),
  ).toBe(true);

  const aborted = await runCapture(page, await clientToken(baseURL!), CAPTURE_SECONDS, { abortAfterMs: 1000 });
  expect(aborted.error).toEqual({ name: "CaptureError", reason: "aborted", message: "the capture was aborted" });
  expect(requests.filter((r) => r.includes("/sdk/session/") || r.startsWith("PUT "))).toEqual([]);
});

test("a video file that never loads: start() ends with a source error after 10 s, and at once on abort(), before start() too", async ({
  baseURL,
}) => {
  browser = await launchWithCamera();
  const page = await openHarness(browser, baseURL!);
  // The request is held and never answered, as a stalled server would.
  await page.route(`${baseURL}/never.webm`, () => undefined);
  const stalled = await runNeverPlaying(page, await clientToken(baseURL!), "/never.webm");
  expect(stalled.error).toEqual({
    name: "CaptureError",
    reason: "source",
    message: "the video did not start playing within 10 s",
  });
  // The face model loads first (a few seconds), then the 10 s wait for the video.
  expect(stalled.ms).toBeGreaterThanOrEqual(10_000);
  expect(stalled.ms).toBeLessThan(30_000);

  const aborted = await runNeverPlaying(page, await clientToken(baseURL!), "/never.webm", 8000);
  expect(aborted.error).toEqual({ name: "CaptureError", reason: "aborted", message: "the capture was aborted" });
  expect(aborted.ms).toBeLessThan(9500);

  // Aborted before start(): nothing runs, not even the face model's load.
  const early = await runNeverPlaying(page, await clientToken(baseURL!), "/never.webm", -1);
  expect(early.error).toEqual({ name: "CaptureError", reason: "aborted", message: "the capture was aborted" });
  expect(early.ms).toBeLessThan(500);
});

test("a video file in a video element: the file's own timeline, heart rate within 3 bpm; a credential function asked when the session starts, while capturing", async ({
  baseURL,
}, testInfo) => {
  // The file-picker case: the 72 bpm camera video as a WebM (lossless VP9, so the pulse
  // survives), played by the page; no camera.
  const { video, truth } = faceVideo(72);
  const webm = path.join(dir, "face-file.webm");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-t",
    String(FILE_CAPTURE_SECONDS + 3),
    "-i",
    video,
    "-c:v",
    "libvpx-vp9",
    "-lossless",
    "1",
    "-deadline",
    "realtime",
    "-cpu-used",
    "8",
    webm,
  ]);
  browser = await launchWithCamera();
  const page = await openHarness(browser, baseURL!);
  await page.route(`${baseURL}/face-file.webm`, (route) => route.fulfill({ path: webm, contentType: "video/webm" }));
  // The credential as a function: asked for when the session starts, once the capture has 3
  // usable seconds (uploading while capturing), not before. A machine too busy to track the
  // face in time gets a low-confidence answer (motion, face lost): the service says so, and the
  // file is scanned once more, as the Try it tests do.
  const capture = async () =>
    runCapture(page, await clientToken(baseURL!), FILE_CAPTURE_SECONDS, {
      videoUrl: "/face-file.webm",
      lazyCredential: true,
    });
  let run = await capture();
  if (!run.error && (run.result?.vitals?.confidence ?? 0) < 0.4) {
    console.log("low confidence (a busy machine): scanning the file again");
    run = await capture();
  }
  await attachRun(testInfo, run);
  expect(run.error).toBeUndefined();
  expect(run.credentialAskedAt).toBe("capturing");
  // The video's own time (mediaTime) is the truth's time: no camera pace to correct for.
  const { timestamps } = await checkUploadedTensor(page, testInfo, truth.fps);
  const expected = heartRateBetween(truth.beats, timestamps[0]! / 1000, timestamps[timestamps.length - 1]! / 1000);
  console.log(`expected ${expected.toFixed(2)} bpm`);
  const vitals = run.result!.vitals!;
  expect(vitals.confidence).toBeGreaterThanOrEqual(0.4);
  expect(Math.abs(vitals.heart_rate - expected)).toBeLessThanOrEqual(3);
});

/**
 * The uploaded tensor, read by the service's own decoder: its rate is the capture's (from the
 * timestamps, near the video's own), it spans the capture, every region holds skin.
 */
async function checkUploadedTensor(
  page: Page,
  testInfo: TestInfo,
  videoFps: number,
): Promise<{ timestamps: number[] }> {
  const { bytes, timestamps } = await encodedTensor(page);
  if (process.env.E2E_KEEP_TENSOR) writeFileSync(testInfo.outputPath("tensor.rppg"), bytes);
  const { header, frames } = await decodeTensor(bytes);
  // The capture's default grid: version 2 on 36x36 planes (docs/tensor-format.md, "Version 2").
  expect([header.version, header.width, header.height]).toEqual([2, 36, 36]);
  const spanSeconds = (timestamps[timestamps.length - 1]! - timestamps[0]!) / 1000;
  // At least the rate of the frames sampled (more where the page dropped some), near the video's.
  expect(header.fps).toBeGreaterThanOrEqual(((timestamps.length - 1) / spanSeconds) * 0.999);
  expect(Math.abs(header.fps - videoFps) / videoFps).toBeLessThan(0.02);
  // Within one frame, up to the header's float32 fps (its rounding moves 20 s by ~1e-6 s).
  expect(Math.abs(header.frameCount / header.fps - spanSeconds)).toBeLessThanOrEqual(1 / header.fps + 1e-5);
  for (let region = 0; region < 4; region++) {
    const { mean, skinShare } = regionColour(frames, header.frameCount, region);
    expect(skinShare, `region ${region} skin share`).toBeGreaterThan(0.2);
    const [r, g, b] = mean;
    // Skin: red above green above blue, in a plausible brightness range.
    expect(r, `region ${region} red`).toBeGreaterThan(g!);
    expect(g, `region ${region} green`).toBeGreaterThan(b!);
    expect(r).toBeGreaterThan(90);
    expect(r).toBeLessThan(250);
    expect(b).toBeGreaterThan(30);
  }
  return { timestamps };
}

/** y at x on the polyline of [x, y] points (x increasing), extended by its end segments. */
function interpolate(points: [number, number][], x: number): number {
  let i = 0;
  while (i < points.length - 2 && points[i + 1]![0] <= x) i++;
  const [[x0, y0], [x1, y1]] = [points[i]!, points[i + 1]!];
  return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

/** Mean colour of a region's skin pixels (not (0,0,0)) over all frames, and their share. */
function regionColour(frames: Uint8Array, frameCount: number, region: number) {
  const plane = 72 * 72;
  const sum = [0, 0, 0];
  let skin = 0;
  for (let f = 0; f < frameCount; f++) {
    const base = f * 12 * plane + region * 3 * plane;
    for (let p = 0; p < plane; p++) {
      const r = frames[base + p]!,
        g = frames[base + plane + p]!,
        b = frames[base + 2 * plane + p]!;
      if ((r | g | b) === 0) continue;
      sum[0] += r;
      sum[1] += g;
      sum[2] += b;
      skin++;
    }
  }
  return { mean: sum.map((s) => s / Math.max(1, skin)), skinShare: skin / (frameCount * plane) };
}

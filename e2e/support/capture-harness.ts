import { chromium, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { INDEX_BITS, INDEX_BLOCK } from "../fixtures/face-video";

// A bare page on the app's own origin that imports the browser SDK the build put into public/
// (/sdk/vitals-web.js), as a developer's page would. The test calls window.runCapture and reads
// back what the SDK reported and the tensor it uploaded.

const HARNESS = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Capture harness</title>
<script type="module">
import { VitalsCapture } from "/sdk/vitals-web.js";
window.runCapture = async (credential, durationSeconds, abortAfterMs, videoUrl, lazy, asFile) => {
  // The camera, a video in an element of the page's own, or the file itself (as a file picker gives).
  const stream = videoUrl ? undefined : await navigator.mediaDevices.getUserMedia({ video: true });
  const frameClock = stream ? await watchFrameIndex(stream) : [];
  const source = stream ?? (asFile
    ? await (await fetch(videoUrl)).blob()
    : Object.assign(document.createElement("video"), { muted: true, playsInline: true, src: videoUrl }));
  const events = [];
  // A credential function: when it is called, as the last stage event tells.
  let credentialAskedAt;
  const fetched = async () => {
    credentialAskedAt = events.filter((e) => e.type === "stage").at(-1)?.stage;
    return credential;
  };
  const capture = new VitalsCapture(source, { credential: lazy ? fetched : credential, baseUrl: location.origin, durationSeconds });
  for (const type of ["stage", "face", "lighting", "motion", "pace", "progress"]) capture.on(type, (e) => events.push({ type, ...e }));
  capture.on("encoded", (e) => { window.encoded = e; });
  if (abortAfterMs) capture.on("stage", (e) => e.stage === "capturing" && setTimeout(() => capture.abort(), abortAfterMs));
  try {
    const result = await capture.start();
    return { ok: true, result, events, stats: capture.stats, frameClock, credentialAskedAt };
  } catch (err) {
    return { ok: false, error: { name: err.name, reason: err.reason, message: err.message }, events, stats: capture.stats, frameClock, credentialAskedAt };
  } finally {
    stream?.getTracks().forEach((t) => t.stop());
  }
};
// A video whose file never arrives: start() must end by itself, or at once on abort().
window.runNeverPlaying = async (credential, videoUrl, abortAfterMs) => {
  const source = Object.assign(document.createElement("video"), { muted: true, playsInline: true, src: videoUrl });
  const capture = new VitalsCapture(source, { credential, baseUrl: location.origin, durationSeconds: 20 });
  const t0 = performance.now();
  if (abortAfterMs < 0) capture.abort(); // before start()
  else if (abortAfterMs) setTimeout(() => capture.abort(), abortAfterMs);
  try {
    await capture.start();
    return { ok: true, ms: performance.now() - t0 };
  } catch (err) {
    return { ok: false, error: { name: err.name, reason: err.reason, message: err.message }, ms: performance.now() - t0 };
  }
};
// [capture time ms, file frame index] of every frame, read from the fixture's index blocks.
async function watchFrameIndex(stream) {
  const video = Object.assign(document.createElement("video"), { muted: true, srcObject: stream });
  await video.play();
  const ctx = new OffscreenCanvas(${INDEX_BITS * INDEX_BLOCK}, ${INDEX_BLOCK}).getContext("2d", { willReadFrequently: true });
  const clock = [];
  const tick = (_now, meta) => {
    ctx.drawImage(video, 0, video.videoHeight - ${INDEX_BLOCK}, ${INDEX_BITS * INDEX_BLOCK}, ${INDEX_BLOCK}, 0, 0, ${INDEX_BITS * INDEX_BLOCK}, ${INDEX_BLOCK});
    const row = ctx.getImageData(0, ${INDEX_BLOCK / 2}, ${INDEX_BITS * INDEX_BLOCK}, 1).data;
    let index = 0;
    for (let bit = 0; bit < ${INDEX_BITS}; bit++) if (row[(bit * ${INDEX_BLOCK} + ${INDEX_BLOCK / 2}) * 4 + 1] > 128) index |= 1 << bit;
    clock.push([meta.captureTime ?? meta.mediaTime * 1000, index]);
    if (stream.active) video.requestVideoFrameCallback(tick);
  };
  video.requestVideoFrameCallback(tick);
  return clock;
}
window.encodedBase64 = () => {
  const bytes = window.encoded.tensor;
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
};
window.harnessReady = true;
</script>
</html>`;

export type CaptureEvent = { type: string; [key: string]: unknown };
export type CaptureRun = {
  ok: boolean;
  result?: {
    status: string;
    vitals?: { heart_rate: number; respiratory_rate: number; confidence: number; quality?: { reasons: string[] } };
  };
  error?: { name: string; reason?: string; message: string };
  events: CaptureEvent[];
  /** [capture time ms, file frame index] of the frames the camera delivered. */
  frameClock: [number, number][];
  /** With `lazyCredential`: the stage the capture was at when it asked for the credential. */
  credentialAskedAt?: string;
  stats?: {
    sampleMs: number[];
    landmarkMs: number[];
    landmarkRefreshesPerSecond: number;
    frames: number;
    fps: number;
    sourceSeconds: number;
    wallSeconds: number;
    pace: "decoded" | "played";
  };
};

/** Debian's Chromium with the Y4M file as its only camera, permission granted (no camera: none). */
export function launchWithCamera(y4m?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: y4m
      ? [
          "--use-fake-device-for-media-stream",
          "--use-fake-ui-for-media-stream",
          `--use-file-for-fake-video-capture=${y4m}`,
        ]
      : [],
  });
}

/** The harness page in a context of its own (`device`: a phone's viewport, touch, scale). */
export async function openHarness(
  browser: Browser,
  baseURL: string,
  device: Omit<BrowserContextOptions, "baseURL"> = {},
): Promise<Page> {
  const page = await browser.newPage({ ...device, baseURL });
  await page.route(`${baseURL}/capture-harness`, (route) => route.fulfill({ contentType: "text/html", body: HARNESS }));
  await page.goto("/capture-harness");
  await page.waitForFunction(() => (window as unknown as { harnessReady?: boolean }).harnessReady === true);
  return page;
}

/**
 * One capture through the SDK from the camera, or from the video at `videoUrl` (same origin);
 * abortAfterMs calls abort() that long into the capturing stage; lazyCredential hands the SDK
 * a function that gives the credential instead of the credential itself; asFile hands the SDK
 * the file at `videoUrl` as a Blob (what a file picker gives) instead of a video element.
 */
export function runCapture(
  page: Page,
  credential: string,
  durationSeconds: number,
  opts: { abortAfterMs?: number; videoUrl?: string; lazyCredential?: boolean; asFile?: boolean } = {},
): Promise<CaptureRun> {
  type Run = (c: string, d: number, a: number, v: string, l: boolean, f: boolean) => Promise<CaptureRun>;
  return page.evaluate(
    ([c, d, a, v, l, f]) => (window as unknown as { runCapture: Run }).runCapture(c, d, a, v, l, f),
    [
      credential,
      durationSeconds,
      opts.abortAfterMs ?? 0,
      opts.videoUrl ?? "",
      opts.lazyCredential ?? false,
      opts.asFile ?? false,
    ] as const,
  );
}

/** The tensor the SDK uploaded, and the capture timestamps (ms) it was resampled from. */
export async function encodedTensor(page: Page): Promise<{ bytes: Uint8Array; timestamps: number[] }> {
  const base64 = await page.evaluate(() => (window as unknown as { encodedBase64: () => string }).encodedBase64());
  const timestamps = await page.evaluate(
    () => (window as unknown as { encoded: { timestamps: number[] } }).encoded.timestamps,
  );
  return { bytes: new Uint8Array(Buffer.from(base64, "base64")), timestamps };
}

/**
 * A capture from the video at `videoUrl`, which never loads; abortAfterMs calls abort() that
 * long after start() (a negative value: before it).
 */
export function runNeverPlaying(
  page: Page,
  credential: string,
  videoUrl: string,
  abortAfterMs = 0,
): Promise<{ ok: boolean; ms: number; error?: { name: string; reason?: string; message: string } }> {
  type Run = (c: string, v: string, a: number) => Promise<{ ok: boolean; ms: number }>;
  return page.evaluate(([c, v, a]) => (window as unknown as { runNeverPlaying: Run }).runNeverPlaying(c, v, a), [
    credential,
    videoUrl,
    abortAfterMs,
  ] as const);
}

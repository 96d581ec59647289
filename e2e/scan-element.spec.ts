import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test, type Browser, type Page } from "@playwright/test";
import { writeFaceVideo, type FaceVideoTruth } from "./fixtures/face-video";
import { heartRateBetween } from "./fixtures/pulse-waveform";
import { clientTokenEndpoint, developerWithLiveKey } from "./support/accounts";
import { shownByCamera, watchCameraPace } from "./support/camera-pace";
import { launchWithCamera } from "./support/capture-harness";
import { checkPage } from "./support/page-checks";
import { freePortHere } from "./support/server";
import { staticSite, type StaticSite } from "./support/static-site";

// <vitals-scan> in a plain static page that is not the portal, on an origin of its own (a
// developer's site): one module script, one element with a token-url. A scan from Chromium's
// fake camera (a face video with a known pulse), one from a video file, the camera refused
// and a refused token; axe and screenshots at 320 and 1280 px in each state.
test.describe.configure({ mode: "serial" });

const SECONDS = 20;
// As in try-it.spec.ts: the truth follows the camera's own clock, so a camera slowed to this
// pace still gives a fair comparison; a slower one is a machine too busy to judge by.
const MIN_CAMERA_PACE = 0.8;
const MAX_CAMERA_PACE = 1.1;
const PHONE_320 = { width: 320, height: 700 };
const email = `scan-element-${Date.now()}@example.test`;
const password = "One-Tag-On-Any-Page-2026";
let liveKey: string;
let dir: string;
let y4m: string;
let mp4: string;
let truth: FaceVideoTruth;
let site: StaticSite;
let browser: Browser | undefined;

/** The page a developer writes: the whole integration is these two lines. */
const page = (baseURL: string) => `<!doctype html>
<html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>My clinic: check-in scan</title>
<main style="max-width: 48rem; margin: 0 auto; padding: 0.5rem">
<h1>Check-in scan</h1>
<script type="module" src="/sdk/vitals-scan.js"></script>
<vitals-scan token-url="/api/vitals-token" base-url="${baseURL}" duration="${SECONDS}" include-waveform></vitals-scan>
</main>
<script>
  // What the host page hears: the element's events, kept for the test to read.
  window.heard = [];
  for (const type of ["vitals-stage", "vitals-pace", "vitals-result", "vitals-error"])
    document.addEventListener(type, (e) => window.heard.push({ type, detail: type === "vitals-error" ? { title: e.detail.title, code: e.detail.code } : e.detail }));
</script>
</html>`;

test.beforeAll(async ({ request, baseURL }) => {
  // Writing the video takes ~12 s of CPU, much longer on a loaded machine.
  test.setTimeout(300_000);
  dir = mkdtempSync(path.join(tmpdir(), "vitals-scan-element-"));
  y4m = path.join(dir, "face.y4m");
  truth = writeFaceVideo({ out: y4m, heartRate: 84, seconds: 40, seed: 84 });
  mp4 = path.join(dir, "face.mp4");
  execFileSync(
    "ffmpeg",
    ["-v", "error", "-y", "-i", y4m, "-c:v", "libx264", "-preset", "ultrafast", "-crf", "8"].concat([
      "-pix_fmt",
      "yuv420p",
      "-an",
      mp4,
    ]),
  );
  liveKey = await developerWithLiveKey(request, email, password, "Scan Element Tester");
  // The developer's token endpoint: a one-scan client token for the site's origin. A second one
  // stands for a server that passes on the service's rate-limit refusal.
  site = await staticSite(
    await freePortHere(),
    { "/": page(baseURL!) },
    {
      "/api/vitals-token": clientTokenEndpoint(baseURL!, liveKey),
      "/api/limited-token": async () => ({
        status: 429,
        body: JSON.stringify({ error: "RATE_LIMIT_EXCEEDED", message: "Rate limit exceeded.", retryable: true }),
      }),
    },
  );
});

test.afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

test.afterAll(async () => {
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(b: Browser): Promise<Page> {
  browser = b;
  const p = await (await b.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await p.goto(`${site.origin}/`);
  await expect(p.getByRole("button", { name: "Start scan" })).toBeVisible();
  return p;
}

async function heartRateShown(p: Page): Promise<number> {
  const text = await p.getByTestId("vital-heart_rate").locator("dd").first().textContent();
  return Number(/[\d.]+/.exec(text ?? "")![0]);
}

type Heard = { type: string; detail: { stage?: string; vitals?: { heart_rate: number } } };
const heard = (p: Page) => p.evaluate(() => (window as unknown as { heard: Heard[] }).heard);

test("camera: one tag scans from the fake camera, heart rate within 3 bpm, the host page hears the result", async ({}, testInfo) => {
  test.setTimeout(360_000);
  const p = await open(await launchWithCamera(y4m));
  await checkPage(p, "scan-element-idle", testInfo, { phone: PHONE_320 });
  let shown: { expected: number; pace: number };
  for (let tries = 1; ; tries++) {
    await p.getByRole("button", { name: /Start scan|Scan again/ }).click();
    await expect(p.getByTestId("progress-ring")).toBeVisible({ timeout: 60_000 });
    await watchCameraPace(p, "vitals-scan [data-testid=preview]");
    if (tries === 1) {
      await expect(p.getByTestId("scan-overlay")).toHaveAttribute("data-regions", "4");
      // The regions are painted, not only counted.
      const painted = await p.getByTestId("scan-overlay").evaluate((c: HTMLCanvasElement) => {
        const alpha = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < alpha.length; i += 4) if (alpha[i]) n++;
        return n / (c.width * c.height);
      });
      expect(painted).toBeGreaterThan(0.01);
      await expect(p.getByTestId("live-pulse")).toContainText("provisional");
      await checkPage(p, "scan-element-capturing", testInfo, { dark: false, phone: PHONE_320 });
    }
    await expect(p.getByTestId("progress-ring")).toBeHidden({ timeout: 120_000 });
    shown = await shownByCamera(p, truth);
    const starved = p.getByRole("alert").filter({ hasText: "Not enough usable signal" });
    await expect(p.getByTestId("result-card").or(starved)).toBeVisible({ timeout: 120_000 });
    if (tries < 3 && (await starved.isVisible())) continue;
    await expect(p.getByTestId("result-card")).toBeVisible();
    if ((shown.pace >= MIN_CAMERA_PACE && shown.pace <= MAX_CAMERA_PACE) || tries === 3) break;
    console.log(`camera ran at ${(100 * shown.pace).toFixed(1)}% of real time: scanning again`);
  }
  const measured = await heartRateShown(p);
  console.log(
    `element, camera: ${measured} bpm shown, ${shown.expected.toFixed(2)} expected (pace ${shown.pace.toFixed(3)})`,
  );
  expect(shown.pace, "camera pace against real time (machine too busy)").toBeGreaterThanOrEqual(MIN_CAMERA_PACE);
  expect(Math.abs(measured - shown.expected)).toBeLessThanOrEqual(3);
  await expect(p.getByTestId("result-card")).toContainText(/High confidence|Moderate confidence/);
  await expect(p.getByTestId("waveforms").getByRole("img", { name: /^Pulse waveform from the service/ })).toBeVisible();
  // The host page heard the SDK's stages and the very result shown.
  const events = await heard(p);
  const result = events.filter((e) => e.type === "vitals-result").at(-1)!;
  expect(Math.round(result.detail.vitals!.heart_rate)).toBe(Math.round(measured));
  expect(events.filter((e) => e.type === "vitals-stage").map((e) => e.detail.stage)).toContain("analysing");
  await checkPage(p, "scan-element-result", testInfo, { phone: PHONE_320 });
});

test("video file: picked, kept on the device, heart rate within 3 bpm", async ({}, testInfo) => {
  test.setTimeout(300_000);
  const p = await open(await chromium.launch({ executablePath: "/usr/bin/chromium" }));
  const puts: string[] = [];
  p.on("request", (r) => {
    if (r.method() === "PUT") puts.push((r.postDataBuffer() ?? Buffer.alloc(0)).subarray(0, 4).toString("latin1"));
  });
  await p.getByRole("button", { name: "Use a video file instead" }).click();
  await expect(p.getByTestId("privacy-note")).toContainText("Your video never leaves this device");
  await p.getByTestId("video-file").setInputFiles(mp4);
  await p.getByRole("button", { name: "Start scan" }).click();
  await expect(p.getByTestId("result-card")).toBeVisible({ timeout: 150_000 });
  const expected = heartRateBetween(truth.beats, 0, SECONDS);
  const measured = await heartRateShown(p);
  console.log(`element, file: ${measured} bpm shown, ${expected.toFixed(2)} in the file's first ${SECONDS} s`);
  expect(Math.abs(measured - expected)).toBeLessThanOrEqual(3);
  // Only the tensor went out, never the file.
  expect(puts).toEqual(["RPPG"]);
  await checkPage(p, "scan-element-file-result", testInfo, { dark: false, phone: PHONE_320 });
});

test("camera refused: the help says how to allow it; a refused token: the error says what to do", async ({}, testInfo) => {
  const p = await open(
    await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${y4m}`],
    }),
  );
  // Keyboard only, throughout.
  await p.getByRole("button", { name: "Start scan" }).focus();
  await p.keyboard.press("Enter");
  const help = p.getByTestId("camera-help");
  await expect(help).toContainText("Camera access is blocked");
  await expect(help).toContainText("set Camera to Allow");
  await expect(p.getByRole("button", { name: "Start scan" })).toBeDisabled();
  await checkPage(p, "scan-element-camera-blocked", testInfo, { phone: PHONE_320 });

  // Focus went from Start (hidden while the camera was asked for) to the help's way out.
  await expect(help.getByRole("button", { name: "Use a video file instead" })).toBeFocused();
  await p.keyboard.press("Enter");
  await expect(p.getByTestId("video-file")).toBeVisible();
  await p.locator("vitals-scan").evaluate((el) => el.setAttribute("token-url", "/api/limited-token"));
  await p.getByTestId("video-file").setInputFiles(mp4);
  await p.getByRole("button", { name: "Start scan" }).focus();
  await p.keyboard.press("Enter");
  const error = p.getByTestId("scan-error");
  await expect(error).toContainText("Too many scans right now");
  await expect(error).toContainText("Wait a minute, then scan again");
  await expect(p.getByRole("alert")).toBeVisible();
  expect((await heard(p)).filter((e) => e.type === "vitals-error").map((e) => e.detail)).toEqual([
    { title: "Too many scans right now", code: "RATE_LIMIT_EXCEEDED" },
  ]);
  await checkPage(p, "scan-element-error", testInfo, { phone: PHONE_320 });
});

test("a phone too slow for the camera: 390 px, touch, CPU slowed 16x; the person is told, the reading is never confident and wrong", async () => {
  test.setTimeout(300_000);
  browser = await launchWithCamera(y4m);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  });
  const p = await context.newPage();
  await p.goto(`${site.origin}/`);
  // Slower than any phone the SDK is built for (at 4x every frame is kept: docs/benchmarks.md).
  await (await context.newCDPSession(p)).send("Emulation.setCPUThrottlingRate", { rate: 16 });
  await p.getByRole("button", { name: "Start scan" }).tap();
  await expect(p.getByTestId("progress-ring")).toBeVisible({ timeout: 90_000 });
  await watchCameraPace(p, "vitals-scan [data-testid=preview]");
  await expect(p.getByText("This device is too busy to keep up with the camera")).toBeVisible({ timeout: 90_000 });
  const starved = p.getByRole("alert").filter({ hasText: "Not enough usable signal" });
  await expect(p.getByTestId("result-card").or(starved)).toBeVisible({ timeout: 180_000 });
  const shown = await shownByCamera(p, truth);
  const events = await heard(p);
  const pace = events.filter((e) => e.type === "vitals-pace") as unknown as {
    detail: { tooSlow: boolean; fps: number };
  }[];
  console.log(`element at 16x CPU: pace events ${JSON.stringify(pace.map((e) => e.detail))}`);
  expect(pace[0]?.detail.tooSlow).toBe(true);
  expect(pace[0]!.detail.fps).toBeLessThan(15);
  const result = events.find((e) => e.type === "vitals-result") as
    | { detail: { vitals: { heart_rate: number; confidence: number } } }
    | undefined;
  if (result && result.detail.vitals.confidence >= 0.4) {
    console.log(
      `element at 16x CPU: ${result.detail.vitals.heart_rate} at ${result.detail.vitals.confidence}, ${shown.expected.toFixed(2)} expected`,
    );
    expect(Math.abs(result.detail.vitals.heart_rate - shown.expected)).toBeLessThanOrEqual(3);
  }
});

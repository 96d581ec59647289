import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test, type Browser, type Page } from "@playwright/test";
import { decodeTensor } from "@vitals/inference";
import { TRY_IT_SECONDS } from "../components/try-it/scan-settings";
import { writeFaceVideo, type FaceVideoTruth } from "./fixtures/face-video";
import { heartRateBetween } from "./fixtures/pulse-waveform";
import { logIn, signUpVerified } from "./support/accounts";
import { shownByCamera, watchCameraPace } from "./support/camera-pace";
import { launchWithCamera } from "./support/capture-harness";
import { checkPage, DESKTOP } from "./support/page-checks";

// The portal's Try it page, signed in with the portal session only: a real scan through the
// browser SDK from Chromium's fake camera (a generated face video with a known pulse), then
// the same from a video file, the camera refused, and the day's 21st scan refused.
test.describe.configure({ mode: "serial" });

const email = `try-it-${Date.now()}@example.test`;
const password = "Try-It-On-My-Own-Face-2026";
let dir: string;
let y4m: string;
let video: string;
let truth: FaceVideoTruth;
let browser: Browser | undefined;
// Try it scans used so far by this run's developer.
let scans = 0;
// The truth follows the camera's own clock (stalls included), so a slowed camera still gives a
// fair comparison (0.84 of real time measured within 0.3 bpm here); only a camera stalling
// worse than this is taken as a machine too busy to judge by.
const MIN_CAMERA_PACE = 0.8;
const MAX_CAMERA_PACE = 1.1;

test.beforeAll(async ({ request }) => {
  // Writing the video takes ~12 s of CPU, much longer on a loaded machine.
  test.setTimeout(300_000);
  dir = mkdtempSync(path.join(tmpdir(), "vitals-try-it-"));
  y4m = path.join(dir, "face.y4m");
  // Longer than a scan: a file plays while the face model loads, and those seconds are lost.
  truth = writeFaceVideo({ out: y4m, heartRate: 78, seconds: 40, seed: 78 });
  // What a developer would pick: a compressed file a browser plays (H.264 MP4; x264's fastest
  // preset takes seconds where VP8 took minutes here), near-lossless so the pulse survives.
  video = path.join(dir, "face.mp4");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-i",
    y4m,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-crf",
    "8",
    "-pix_fmt",
    "yuv420p",
    "-an",
    video,
  ]);
  await signUpVerified(request, email, password, "Try It Tester");
});

test.afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function signedIn(b: Browser, baseURL: string): Promise<Page> {
  browser = b;
  // A context of its own (axe needs one), as a developer's browser window.
  const page = await (await b.newContext({ baseURL, viewport: DESKTOP })).newPage();
  await logIn(page, email, password);
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Try it" }).click();
  await expect(page).toHaveURL(/\/try-it$/);
  return page;
}

/** A browser with a camera whose permission is refused (no fake-UI flag: the prompt is dismissed). */
const launchWithoutCameraPermission = () =>
  chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${y4m}`],
  });

async function heartRateShown(page: Page): Promise<number> {
  const text = await page.getByTestId("vital-heart_rate").locator("dd").first().textContent();
  return Number(/[\d.]+/.exec(text ?? "")![0]);
}

/**
 * The result card's waveform charts: the service's pulse and breathing waveforms (asked for with
 * include: ["waveform"]), each an image named with what it shows and its duration, each drawn.
 */
async function expectWaveforms(page: Page) {
  const figure = page.getByTestId("result-card").getByTestId("waveforms");
  await expect(figure).toBeVisible();
  for (const name of ["Pulse", "Breathing"]) {
    const chart = figure.getByRole("img", { name: new RegExp(`^${name} waveform from the service over [\\d.]+ s`) });
    await expect(chart).toBeVisible();
    // Drawn as an SVG path: a line through hundreds of samples.
    const segments = () =>
      chart
        .locator("path.line")
        .getAttribute("d")
        .then((d) => d?.match(/L/g)?.length ?? 0);
    await expect.poll(segments, { message: `${name} waveform's line` }).toBeGreaterThan(100);
  }
}

/** Today's Try it scans, set in the database as an operator would (the cap is tested against it). */
function setTryItToday(scanCount: number) {
  const day = new Date().toISOString().slice(0, 10);
  const sql = `INSERT INTO "TryItDay" ("developerId", day, "scanCount") SELECT id, '${day}', ${scanCount} FROM "Developer" WHERE email = '${email}'
    ON CONFLICT ("developerId", day) DO UPDATE SET "scanCount" = EXCLUDED."scanCount"`;
  execFileSync("psql", [process.env.E2E_DATABASE_URL!, "-v", "ON_ERROR_STOP=1", "-c", sql]);
}

test("camera: the regions and progress ring over the preview, then a heart rate within 3 bpm, the service's waveforms and the code that ran", async ({
  baseURL,
}, testInfo) => {
  // Up to three captures when the machine is busy (below).
  test.setTimeout(300_000);
  const page = await signedIn(await launchWithCamera(y4m), baseURL!);
  await expect(page.getByTestId("allowance")).toContainText("20 of 20 Try it scans left today");
  await checkPage(page, "try-it-idle", testInfo);

  // A machine far too busy for Chromium's file camera to keep pace measures the machine, not
  // the page: such a scan is taken again. So is a capture whose face tracking the busy machine
  // starved into "not enough usable signal" (nothing uploaded, no scan used); the capture
  // tests (capture.spec.ts) hold the SDK to its accuracy, this one the page.
  let shown: { expected: number; pace: number };
  for (let tries = 1; ; tries++) {
    await page.getByRole("button", { name: /Start scan|Scan again/ }).click();
    await expect(page.getByTestId("progress-ring")).toBeVisible({ timeout: 60_000 });
    await watchCameraPace(page, "[data-testid=preview]");
    if (tries === 1) {
      await expect(page.getByTestId("scan-overlay")).toHaveAttribute("data-regions", "4");
      await expect(page.getByTestId("feedback")).toHaveText(/hold still/i);
      // The provisional live pulse while capturing, before any result: its wave drawn (after the
      // SDK's 5 s of warm-up) and a rate, marked provisional. Its accuracy is not judged here
      // (the unit tests do that on known signals; the result below is the measurement).
      const live = page.getByTestId("live-pulse");
      await expect(live).toContainText("provisional");
      await expect(live.getByTestId("live-pulse-waveform").locator("polyline")).toHaveAttribute(
        "points",
        /^(\S+,\S+ ){30,}/,
        { timeout: 30_000 },
      );
      await expect(live.getByTestId("live-pulse-rate")).toHaveText(/about \d+ bpm/, { timeout: 20_000 });
      await expect(page.getByTestId("result-card")).toBeHidden();
      console.log(`live pulse during the capture: ${await live.getByTestId("live-pulse-rate").textContent()}`);
      await checkPage(page, "try-it-capturing", testInfo, { dark: false });
    }
    await expect(page.getByTestId("progress-ring")).toBeHidden({ timeout: 120_000 });
    shown = await shownByCamera(page, truth);
    const starved = page.getByRole("alert").filter({ hasText: "Not enough usable signal" });
    await expect(page.getByTestId("result-card").or(starved)).toBeVisible({ timeout: 120_000 });
    if (tries < 3 && (await starved.isVisible())) {
      console.log(`not enough usable signal at camera pace ${(100 * shown.pace).toFixed(1)}%: scanning again`);
      continue;
    }
    await expect(page.getByTestId("result-card")).toBeVisible();
    scans++;
    // A camera catching up after a stall (pace well above real time) squeezes the pulse too.
    if ((shown.pace >= MIN_CAMERA_PACE && shown.pace <= MAX_CAMERA_PACE) || tries === 3) break;
    console.log(`camera ran at ${(100 * shown.pace).toFixed(1)}% of real time: scanning again`);
  }
  const measured = await heartRateShown(page);
  console.log(
    `camera: ${measured} bpm shown, ${shown.expected.toFixed(2)} expected (waveform ${truth.heartRate.toFixed(2)}, camera pace ${shown.pace.toFixed(3)})`,
  );
  expect(shown.pace, "camera pace against real time (machine too busy)").toBeGreaterThanOrEqual(MIN_CAMERA_PACE);
  expect(Math.abs(measured - shown.expected)).toBeLessThanOrEqual(3);
  await expect(page.getByTestId("result-card")).toContainText(/High confidence|Moderate confidence/);
  // Each vital's own confidence (vitals.quality); SpO2's is capped below "moderate".
  await expect(page.getByTestId("vital-heart_rate")).toContainText(/confidence \(\d\.\d\d\)/);
  await expect(page.getByTestId("vital-spo2")).toContainText(/Low confidence \(0\.[0-3]\d\)/);
  await expect(page.getByTestId("scan-code")).toContainText(`baseUrl: "${baseURL}"`);
  await expect(page.getByTestId("scan-code")).toContainText("new VitalsCapture(stream");
  await expect(page.getByTestId("scan-code")).toContainText('include: ["waveform"]');
  await expectWaveforms(page);
  await expect(page.getByTestId("allowance")).toContainText(`${20 - scans} of 20`);
  await checkPage(page, "try-it-result", testInfo);
});

test("video file: decoded in the browser (only the tensor is uploaded), heart rate within 3 bpm; picked again, the same heart rate to the decimal", async ({
  baseURL,
}, testInfo) => {
  // Two scans of a file decoded frame by frame, each well under the file's 20 s when the
  // machine allows; a loaded machine is slower, never different.
  test.setTimeout(360_000);
  const page = await signedIn(await chromium.launch({ executablePath: "/usr/bin/chromium" }), baseURL!);
  await page.getByRole("button", { name: "Use a video file instead" }).click();
  await expect(page.getByTestId("privacy-note")).toContainText("Your video never leaves this device");
  await page.getByTestId("video-file").setInputFiles(video);
  const bodies: { method: string; url: string; head: string; body: string }[] = [];
  const tensors: Buffer[] = [];
  page.on("request", (r) => {
    const body = r.postDataBuffer() ?? Buffer.alloc(0);
    if (r.method() === "PUT") tensors.push(body);
    bodies.push({
      method: r.method(),
      url: r.url(),
      head: body.subarray(0, 4).toString("hex"),
      body: body.subarray(0, 16).toString("latin1"),
    });
  });
  await page.getByRole("button", { name: "Start scan" }).click();
  await expect(page.getByTestId("result-card")).toBeVisible({ timeout: 150_000 });
  // A file is scanned on its own timeline from its first frame.
  const expected = heartRateBetween(truth.beats, 0, TRY_IT_SECONDS);
  const shown = await heartRateShown(page);
  console.log(`file: ${shown} bpm shown, ${expected.toFixed(2)} in the waveform's first ${TRY_IT_SECONDS} s`);
  expect(Math.abs(shown - expected)).toBeLessThanOrEqual(3);
  await expect(page.getByTestId("scan-code")).toContainText("new VitalsCapture(fileInput.files[0]");
  await expectWaveforms(page);
  expect(bodies.filter((b) => b.url.includes("/upload-complete")).map((b) => new URL(b.url).search)).toEqual([
    "?include=waveform",
  ]);
  // One upload, of the tensor ("RPPG"); no request carries the MP4 file (its first box, ftyp).
  expect(bodies.filter((b) => b.method === "PUT").map((b) => b.head)).toEqual([Buffer.from("RPPG").toString("hex")]);
  expect(bodies.filter((b) => b.body.includes("ftyp"))).toEqual([]);
  scans++;
  await expect(page.getByTestId("allowance")).toContainText(`${20 - scans} of 20`);
  await checkPage(page, "try-it-file-result", testInfo, { dark: false });

  // The same file picked again: the same frames, so the same heart rate, to the decimal.
  const vitalsText = () => page.getByTestId("result-card").locator("[data-testid^=vital-] dd").allTextContents();
  const first = await vitalsText();
  await page.getByTestId("video-file").setInputFiles([]);
  await page.getByTestId("video-file").setInputFiles(video);
  await page.getByRole("button", { name: /Start scan|Scan again/ }).click();
  await expect(page.getByTestId("result-card")).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId("result-card")).toBeVisible({ timeout: 150_000 });
  scans++;
  const again = await heartRateShown(page);
  console.log(`file picked again: ${again} bpm shown (first: ${shown})`);
  expect(again).toBe(shown);
  expect(await vitalsText()).toEqual(first);
  // Because the tensors are the same: the frames byte for byte, at the same rate (only the
  // header's capture time differs).
  expect(tensors).toHaveLength(2);
  const [a, b] = await Promise.all(tensors.map((t) => decodeTensor(new Uint8Array(t))));
  expect([b!.header.fps, b!.header.frameCount]).toEqual([a!.header.fps, a!.header.frameCount]);
  expect(Buffer.from(b!.frames).equals(Buffer.from(a!.frames)), "the two tensors' frames are identical").toBe(true);
  await expect(page.getByTestId("allowance")).toContainText(`${20 - scans} of 20`);
});

test("camera permission refused: the page says how to allow it and offers the video file", async ({
  baseURL,
}, testInfo) => {
  const page = await signedIn(await launchWithoutCameraPermission(), baseURL!);
  await page.getByRole("button", { name: "Start scan" }).click();
  const help = page.getByTestId("camera-help");
  await expect(help).toContainText("Camera access is blocked");
  await expect(help).toContainText("set Camera to Allow");
  await expect(page.getByRole("button", { name: "Start scan" })).toBeDisabled();
  await checkPage(page, "try-it-camera-blocked", testInfo);
  await help.getByRole("button", { name: "Use a video file instead" }).click();
  await expect(page.getByTestId("video-file")).toBeVisible();
  await expect(page.getByTestId("privacy-note")).toBeVisible();
});

test("a phone: 390 px with touch and the CPU slowed 4x, a camera scan within 3 bpm", async ({ baseURL }) => {
  test.setTimeout(300_000);
  browser = await launchWithCamera(y4m);
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  });
  const page = await context.newPage();
  await logIn(page, email, password);
  await page.goto("/try-it");
  // What a mid-range phone's page thread has (every frame is kept at 4x: docs/benchmarks.md).
  await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const pace: boolean[] = [];
  await page.exposeFunction("heardPace", (tooSlow: boolean) => pace.push(tooSlow));
  await page.evaluate(() =>
    document.addEventListener("vitals-pace", (e) =>
      (window as unknown as { heardPace: (s: boolean) => void }).heardPace((e as CustomEvent).detail.tooSlow),
    ),
  );
  await page.getByRole("button", { name: "Start scan" }).tap();
  await expect(page.getByTestId("progress-ring")).toBeVisible({ timeout: 90_000 });
  await watchCameraPace(page, "[data-testid=preview]");
  await expect(page.getByTestId("result-card")).toBeVisible({ timeout: 180_000 });
  scans++;
  const shown = await shownByCamera(page, truth);
  const measured = await heartRateShown(page);
  console.log(
    `Try it at 390 px, CPU 4x: ${measured} bpm shown, ${shown.expected.toFixed(2)} expected; pace events ${JSON.stringify(pace)}`,
  );
  expect(Math.abs(measured - shown.expected)).toBeLessThanOrEqual(3);
  await expect(page.getByTestId("result-card")).toContainText(/High confidence|Moderate confidence/);
});

test("the day's 21st scan gets a clear refusal, and the page shows none left", async ({ baseURL }, testInfo) => {
  const page = await signedIn(await chromium.launch({ executablePath: "/usr/bin/chromium" }), baseURL!);
  await expect(page.getByTestId("allowance")).toContainText(`${20 - scans} of 20`);
  setTryItToday(20);
  await page.getByRole("button", { name: "Use a video file instead" }).click();
  await page.getByTestId("video-file").setInputFiles(video);
  await page.getByRole("button", { name: "Start scan" }).click();
  const error = page.getByTestId("scan-error");
  await expect(error).toContainText("Today's Try it scans are used up");
  await expect(error).toContainText("All 20 Try it scans of today are used; they renew at 00:00 UTC");
  await expect(page.getByTestId("allowance")).toContainText("0 of 20");
  await expect(page.getByRole("button", { name: /Start scan|Scan again/ })).toBeDisabled();
  await checkPage(page, "try-it-limit", testInfo);
  await page.reload();
  await expect(page.getByText("No Try it scans left today")).toBeVisible();

  // The dashboard's usage chart: Try it scans as their own series beside the live scans.
  await page.goto("/dashboard");
  const month = new Date().toISOString().slice(0, 7);
  const row = page.locator("table").getByRole("row").filter({ hasText: month });
  await expect(page.locator("table").getByRole("columnheader")).toHaveText(["Month", "Live scans", "Try it scans"]);
  await expect(row.getByRole("cell")).toHaveText([month, "0", "20"]);
});

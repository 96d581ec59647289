import type { Page } from "@playwright/test";
import { INDEX_BITS, INDEX_BLOCK, type FaceVideoTruth } from "../fixtures/face-video";
import { shownHeartRate } from "../fixtures/pulse-waveform";

// How fast Chromium's fake camera really plays its file: a loaded machine shows the frames late
// (never skipping one), so the pulse the camera shows is the file's pulse times this pace. Reads
// the frame index the fixture stamps into each frame (e2e/fixtures/face-video.ts) off a video
// element already showing the camera's stream (a second stream of the fake camera keeps its own
// pace, so it must be the page's own).

export async function watchCameraPace(page: Page, videoSelector: string): Promise<void> {
  // A locator, which finds the video inside an open shadow root too (<vitals-scan>'s preview).
  await page.locator(videoSelector).evaluate(
    (element, [bits, block]) => {
      const video = element as HTMLVideoElement;
      const ctx = new OffscreenCanvas(bits * block, block).getContext("2d", { willReadFrequently: true })!;
      const clock: [number, number][] = [];
      (window as unknown as { cameraClock: [number, number][] }).cameraClock = clock;
      const tick = (_now: number, meta: { captureTime?: number; mediaTime: number }) => {
        ctx.drawImage(video, 0, video.videoHeight - block, bits * block, block, 0, 0, bits * block, block);
        const row = ctx.getImageData(0, block / 2, bits * block, 1).data;
        let index = 0;
        for (let bit = 0; bit < bits; bit++) if (row[(bit * block + block / 2) * 4 + 1]! > 128) index |= 1 << bit;
        clock.push([meta.captureTime ?? performance.now(), index]);
        video.requestVideoFrameCallback(tick);
      };
      video.requestVideoFrameCallback(tick);
    },
    [INDEX_BITS, INDEX_BLOCK] as const,
  );
}

/**
 * The heart rate the camera showed since watchCameraPace, on the capture's own clock (the
 * fixture's pulse as the frames were shown, stalls included), and the camera's pace: file
 * seconds shown per real second (1 = real time).
 */
export async function shownByCamera(page: Page, truth: FaceVideoTruth): Promise<{ expected: number; pace: number }> {
  const raw = await page.evaluate(() => (window as unknown as { cameraClock: [number, number][] }).cameraClock.slice());
  // The file loops: indices are unwrapped so the clock only moves forward.
  let laps = 0;
  const clock = raw.map(([t, index], i): [number, number] => {
    if (i > 0 && index < raw[i - 1]![1]) laps++;
    return [t, index + laps * truth.frames];
  });
  const [t0, t1] = [clock[0]![0], clock[clock.length - 1]![0]];
  const frameAt = (ms: number) => {
    let i = 0;
    while (i < clock.length - 2 && clock[i + 1]![0] <= ms) i++;
    const [[x0, y0], [x1, y1]] = [clock[i]!, clock[i + 1]!];
    return y0 + ((y1 - y0) * (ms - x0)) / (x1 - x0);
  };
  const pace = (frameAt(t1) - frameAt(t0)) / truth.fps / ((t1 - t0) / 1000);
  const expected = shownHeartRate(truth.beats, (ms) => (frameAt(ms) % truth.frames) / truth.fps, t0, t1, truth.fps);
  return { expected, pace };
}

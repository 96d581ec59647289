// The dev videos as a browser's camera (bench:real-video --engine NAME): each subject's video
// plays in the engine harness (e2e/engines/engine-harness.ts: a canvas stream redrawn from a
// <video> every animation frame, the camera every engine can be given here), the browser SDK
// captures it live as from a webcam, and the service's pipeline reads the tensor. The truth is
// the contact PPG over the seconds of the video the capture's frames showed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Engine, openEngine } from "../../e2e/engines/engine-page";
import { harnessSite, scanInEngine } from "../../e2e/engines/engine-scan";
import { type Reading, readingOf, readTruth, truthRate } from "./real-video-truth";

export type CameraRow = Reading & { frames: number };

export async function cameraRows(engine: Engine, dataDir: string, subjects: string[], seconds: number) {
  // WebKitGTK plays an MP4 from a server without Range requests only with its index first.
  const dir = mkdtempSync(path.join(tmpdir(), "vitals-real-video-"));
  const files: Record<string, string> = {};
  for (const subject of subjects) {
    const out = path.join(dir, `${subject}.mp4`);
    const src = path.join(dataDir, subject, "vid.mp4");
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", src, "-c", "copy", "-an", "-movflags", "+faststart", out]);
    files[`/${subject}.mp4`] = out;
  }
  const site = await harnessSite(files);
  const page = await openEngine(engine);
  const rows: CameraRow[] = [];
  try {
    await page.goto(`${site.server.url}/engine-harness`);
    for (const subject of subjects) {
      const scan = await scanInEngine(page, site, "camera", seconds, `/${subject}.mp4`);
      const truthData = readTruth(path.join(dataDir, subject, "ground_truth.txt"));
      const [from, to] = scan.videoSpan ?? [0, seconds];
      const truth = truthRate(truthData, truthData.times[0]! + from, truthData.times[0]! + to);
      rows.push({ ...readingOf(subject, truth, scan.outcome, `${scan.error}`), frames: scan.stats?.frames ?? 0 });
    }
  } finally {
    await page.close();
    site.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return { version: page.version, rows };
}

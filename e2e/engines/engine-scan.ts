import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type AnalyzeOutcome, analyzeBuffer } from "@vitals/inference";
import { writeFaceVideo } from "../fixtures/face-video";
import { type StubServer, serve } from "../support/sdk-stub-server";
import { ENGINE_HARNESS, elementBenchPage } from "./engine-harness";
import type { EnginePage } from "./engine-page";

// The face fixture scanned by the browser SDK in one engine (engine-harness.ts), and what the
// service's own pipeline reads from the tensor the SDK made, against a stub of the service. For
// `npm run bench:capture -- --engine NAME`.

export type EngineScan = {
  ok: boolean;
  error?: string;
  stats?: {
    sampleMs: number[];
    frames: number;
    fps: number;
    sourceSeconds: number;
    wallSeconds: number;
    landmarkRefreshesPerSecond: number;
  };
  pulse: { heartRate: number; quality: number } | null;
  /** The capture times (ms) of the frames the tensor was resampled from. */
  timestamps?: number[];
  /** A camera's: the seconds of the fed video its first and last frames showed. */
  videoSpan?: [number, number];
  /** The pipeline's answer for the tensor (when the capture made one). */
  outcome?: AnalyzeOutcome;
};

export type FixtureSite = { server: StubServer; heartRate: number; close: () => void };

export type FixtureVideo = { mp4: string; heartRate: number; remove: () => void };

/** The face fixture at 72 bpm as an MP4, index first (WebKitGTK plays it from a server without Range). */
export function fixtureVideo(seconds: number): FixtureVideo {
  const dir = mkdtempSync(path.join(tmpdir(), "vitals-engines-"));
  const y4m = path.join(dir, "face.y4m");
  const truth = writeFaceVideo({ out: y4m, heartRate: 72, seconds: seconds + 10 });
  const mp4 = path.join(dir, "face.mp4");
  const x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-crf", "8", "-pix_fmt", "yuv420p"];
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", y4m, ...x264, "-an", "-movflags", "+faststart", mp4]);
  rmSync(y4m);
  return { mp4, heartRate: truth.heartRate, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The fixture served with the harness (the benchmarks). */
export async function fixtureSite(seconds: number): Promise<FixtureSite> {
  const video = fixtureVideo(seconds);
  const site = await harnessSite({ "/face.mp4": video.mp4 }, seconds);
  return {
    server: site.server,
    heartRate: video.heartRate,
    close: () => {
      site.close();
      video.remove();
    },
  };
}

/**
 * The harness at /engine-harness and a page with one <vitals-scan> at /element (its token from
 * /api/vitals-token), beside the files given (URL path to file).
 */
export async function harnessSite(
  files: Record<string, string>,
  seconds = 20,
): Promise<{ server: StubServer; close: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "vitals-harness-"));
  const html = path.join(dir, "engine-harness.html");
  writeFileSync(html, ENGINE_HARNESS);
  const element = path.join(dir, "element.html");
  writeFileSync(element, elementBenchPage(seconds));
  const token = path.join(dir, "token.json");
  writeFileSync(token, JSON.stringify({ token: "ct_bench" }));
  const server = await serve({ ...files, "/engine-harness": html, "/element": element, "/api/vitals-token": token });
  return {
    server,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Scans the video at `url` of the site (the face fixture unless told) in the page's engine. */
export async function scanInEngine(
  page: EnginePage,
  site: { server: StubServer },
  mode: "camera" | "file",
  seconds: number,
  url = "/face.mp4",
): Promise<EngineScan> {
  const scan = await page.run<EngineScan>(
    "(mode, url, seconds) => window.scanFixture(mode, url, seconds)",
    mode,
    url,
    seconds,
  );
  const tensor = site.server.lastTensor();
  if (scan.ok && tensor) scan.outcome = await analyzeBuffer(tensor);
  return scan;
}

export type ElementScan = {
  ok: boolean;
  error?: string;
  /** Frames the element's capture took, and the pace warnings it showed. */
  frames: number;
  pace: { tooSlow: boolean; fps: number }[];
};

/** The face fixture scanned by camera with <vitals-scan> (the site's /element, a stub service). */
export async function scanElementInEngine(page: EnginePage, site: { server: StubServer }): Promise<ElementScan> {
  await page.goto(`${site.server.url}/element`);
  const answer = await page.run<{ ok: boolean; error?: string }>("() => window.scanWithElement('camera')");
  const seen = await page.run<{ frames: number; pace: ElementScan["pace"] }>("() => window.elementFrames()");
  return { ...answer, ...seen };
}

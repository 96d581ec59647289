// npm run bench:video -- --conditions: the Node video scan (sdk/src/video) over a grid of
// conditions with a real face: the fixture's photographed face (e2e/fixtures/face-video.ts)
// carrying a known pulse, at 15 and 30 fps, uncompressed or through H.264 and VP8 at phone and
// messaging bitrates, at the fixture's face size and at half of it, read by the real face model
// and measured by the real inference. Prints each scan and, per condition, the confident share
// (>= 0.4), the confident readings off by more than 10 bpm (the failure that must not happen)
// and the heart-rate MAE of the confident ones.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { analyzeBuffer } from "@vitals/inference";
import { FRAME_SIZE, writeFaceVideo } from "../../e2e/fixtures/face-video";
import { CaptureError, NodeFaceModel, tensorFromVideo } from "../../sdk/src/video/index";

type Codec = { name: string; bitsPerPixel?: number; args: string[]; ext: string };
const CODECS: Codec[] = [
  { name: "none", args: [], ext: "y4m" },
  {
    name: "h264 0.3 bpp",
    bitsPerPixel: 0.3,
    args: ["-c:v", "libx264", "-preset", "veryfast", "-g", "FPS"],
    ext: "mp4",
  },
  {
    name: "h264 0.1 bpp",
    bitsPerPixel: 0.1,
    args: ["-c:v", "libx264", "-preset", "veryfast", "-g", "FPS"],
    ext: "mp4",
  },
  {
    name: "vp8 0.3 bpp",
    bitsPerPixel: 0.3,
    args: ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-g", "FPS"],
    ext: "webm",
  },
];
const RATES = [52, 76, 104, 140, 172];
const FPS = [15, 30];
const SIZES = [FRAME_SIZE, FRAME_SIZE / 2];
const SECONDS = 16;

type Row = { condition: string; truth: number; read: number; confidence: number; failed?: string };

export async function runConditions(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "vitals-video-conditions-"));
  const model = await NodeFaceModel.load();
  const rows: Row[] = [];
  try {
    for (const fps of FPS)
      for (const heartRate of RATES) {
        const source = path.join(dir, `face-${fps}-${heartRate}.y4m`);
        const truth = writeFaceVideo({ out: source, heartRate, fps, seconds: SECONDS + 1, seed: heartRate * 3 + fps });
        for (const size of SIZES)
          for (const codec of CODECS) {
            const file = path.join(dir, `scan.${codec.ext}`);
            const scale = ["-vf", `scale=${size}:${size}`];
            const rate = codec.bitsPerPixel
              ? ["-b:v", `${Math.round((codec.bitsPerPixel * size * size * fps) / 1000)}k`, "-pix_fmt", "yuv420p"]
              : [];
            const args = codec.args.map((a) => (a === "FPS" ? String(fps) : a));
            execFileSync("ffmpeg", ["-v", "error", "-y", "-i", source, ...scale, ...args, ...rate, file]);
            const condition = `${fps} fps, ${size} px, ${codec.name}`;
            try {
              const made = await tensorFromVideo(file, { durationSeconds: SECONDS, faceModel: model });
              const out = await analyzeBuffer(Buffer.from(made.tensor));
              rows.push(
                out.ok
                  ? {
                      condition,
                      truth: truth.heartRate,
                      read: out.vitals.heart_rate,
                      confidence: out.vitals.confidence,
                    }
                  : { condition, truth: truth.heartRate, read: NaN, confidence: 0, failed: out.error.code },
              );
            } catch (err) {
              if (!(err instanceof CaptureError)) throw err;
              rows.push({ condition, truth: truth.heartRate, read: NaN, confidence: 0, failed: err.reason });
            }
            const r = rows[rows.length - 1]!;
            console.log(
              `${condition.padEnd(28)} truth ${r.truth.toFixed(1).padStart(5)} read ${r.failed ?? `${r.read.toFixed(1).padStart(5)} at ${r.confidence.toFixed(2)}`}`,
            );
          }
      }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    "\n| condition | scans | confident (>= 0.4) | >= 0.4 off > 10 bpm | HR MAE confident (bpm) | within 5 bpm (any confidence) |",
  );
  console.log("|---|---|---|---|---|---|");
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    for (const key of [
      r.condition.replace(/^\d+ fps, \d+ px, /, "codec: "),
      r.condition.replace(/, [^,]+$/, ""),
      "all",
    ]) {
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key)!.push(r);
    }
  }
  const order = (key: string) => (key === "all" ? 0 : key.startsWith("codec") ? 1 : 2);
  for (const [key, list] of [...groups].sort((a, b) => order(a[0]) - order(b[0]))) {
    const confident = list.filter((r) => r.confidence >= 0.4);
    const wrong = confident.filter((r) => Math.abs(r.read - r.truth) > 10).length;
    const mae = confident.length
      ? (confident.reduce((a, r) => a + Math.abs(r.read - r.truth), 0) / confident.length).toFixed(2)
      : "-";
    const within = list.filter((r) => Math.abs(r.read - r.truth) <= 5).length;
    console.log(
      `| ${key} | ${list.length} | ${confident.length} (${Math.round((100 * confident.length) / list.length)} %) | ${wrong} | ${mae} | ${within} |`,
    );
  }
}

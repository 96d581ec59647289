// The public bias-eval-rppg recordings (github.com/ananyananda-dasari/bias-eval-rppg, MIT)
// as tensors (docs/tensor-format.md): each subject's forehead (60x30 px) and cheek (25x25 px)
// skin crops, stored as 200x200 MPEG-4 at 15 fps, become regions 0-2, area-averaged to
// 72x72; region 3 (whole face) is left empty (every pixel (0,0,0), "not skin"), since the
// dataset has no other skin. The videos stay outside the repository; this file, the truth
// table and the checksum list of the inputs are what is committed.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { FRAME_BYTES, PLANE_BYTES, WIDTH } from "../../src/tensor-format.js";

export const REGION_FILES = ["forehead", "leftcheek", "rightcheek"] as const;
/** The tensor format's longest capture is 120 s; longer recordings are cut into equal windows. */
const MAX_WINDOW_S = 120;

export type Subject = {
  country: string;
  subject: string;
  /** Pulse-oximeter mean heart rate over the whole recording (the dataset's ground truth). */
  truthBpm: number;
  regions: (typeof REGION_FILES)[number][];
  frames: number;
};

const here = (name: string) => new URL(name, import.meta.url);

export async function subjects(): Promise<Subject[]> {
  const text = await readFile(here("bias-eval-rppg-truth.csv"), "utf8");
  return text
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [country, subject, hr, regions, frames] = line.split(",");
      return {
        country,
        subject,
        truthBpm: Number(hr),
        regions: regions.split("+") as Subject["regions"],
        frames: Number(frames),
      };
    });
}

/** Every input named in the committed checksum list that is present must match it. */
export async function verifyInputs(dataDir: string): Promise<string[]> {
  const problems: string[] = [];
  for (const line of (await readFile(here("bias-eval-rppg.sha256"), "utf8")).trim().split("\n")) {
    const [sum, path] = line.split(/\s+/);
    let bytes: Buffer;
    try {
      bytes = await readFile(join(dataDir, path));
    } catch {
      problems.push(`missing: ${path}`);
      continue;
    }
    if (createHash("sha256").update(bytes).digest("hex") !== sum) problems.push(`checksum differs: ${path}`);
  }
  return problems;
}

/** Decodes one region video to 72x72 RGB24 frames (ffmpeg's area average). */
function decodeRegion(file: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const p = spawn(
      "ffmpeg",
      [
        "-hide_banner",
        "-loglevel",
        "error",
        "-threads",
        "1",
        "-i",
        file,
        "-vf",
        `scale=${WIDTH}:${WIDTH}:flags=area`,
        "-f",
        "rawvideo",
        "-pix_fmt",
        "rgb24",
        "pipe:1",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const chunks: Buffer[] = [];
    let err = "";
    p.stdout.on("data", (d: Buffer) => chunks.push(d));
    p.stderr.on("data", (d) => (err += d));
    p.on("error", reject);
    p.on("close", (code) =>
      code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg ${code}: ${err.slice(0, 300)}`)),
    );
  });
}

export type Window = { start: number; frames: number; tensor: Uint8Array };

/** How a recording of `frames` frames is cut: `count` equal windows of `length` frames. */
export function windowing(frames: number): { count: number; length: number } {
  const count = Math.ceil(frames / (MAX_WINDOW_S * FPS));
  return { count, length: Math.floor(frames / count) };
}

/**
 * The subject's recording as tensors of at most 120 s: equal windows covering it all (the
 * truth is the mean over the whole recording), each T x 12 x 72 x 72, planar.
 */
export async function subjectWindows(dataDir: string, s: Subject): Promise<Window[]> {
  const pixels = WIDTH * WIDTH;
  const decoded = await Promise.all(
    s.regions.map((r) => decodeRegion(join(dataDir, "Data", s.country, `${s.subject}_${r}.avi`))),
  );
  const frames = Math.min(...decoded.map((d) => Math.floor(d.length / (pixels * 3))));
  const { count, length } = windowing(frames);
  return Array.from({ length: count }, (_, w) => {
    const start = w * length;
    const tensor = new Uint8Array(length * FRAME_BYTES);
    s.regions.forEach((name, k) => {
      const region = REGION_FILES.indexOf(name);
      const rgb = decoded[k];
      for (let t = 0; t < length; t++) {
        const src = (start + t) * pixels * 3;
        const base = t * FRAME_BYTES + region * 3 * PLANE_BYTES;
        for (let px = 0; px < pixels; px++)
          for (let c = 0; c < 3; c++)
            // A skin crop: every pixel is skin, and (0,0,0) would mean "not skin".
            tensor[base + c * PLANE_BYTES + px] = Math.max(1, rgb[src + px * 3 + c]);
      }
    });
    return { start, frames: length, tensor };
  });
}

export const FPS = 15;

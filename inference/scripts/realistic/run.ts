// `npm run bench:accuracy -- --realistic [--quick] [--seed-offset N] [--jobs N]`: the
// realistic chain. Each scan is rendered to pixels (scene.ts), encoded with a real codec at
// a phone bitrate and decoded again (codec.ts, files in a temp dir removed at the end),
// its regions extracted like a client (extract.ts), then analysed like an upload.
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { analyzeBuffer, encodeTensor } from "../../src/index.js";
import { runModel, type ModelOutput } from "../../src/model-runner.js";
import { estimateVitals } from "../../src/vitals/estimate-vitals.js";
import { finalizeVitals } from "../../src/vitals/finalize.js";
import type { AnalyzeOutcome } from "../../src/types.js";
import { FRAME_BYTES } from "../../src/tensor-format.js";
import { gaussian, seededRandom } from "../../src/synth/random.js";
import { decode, encode, extensionOf } from "./codec.js";
import { extractRegions } from "./extract.js";
import { realisticCases, type RealisticCase } from "./set.js";
import { makeScene } from "./scene.js";
import { printReport, type Result } from "./report.js";

/**
 * The model's outputs of one scan of the chain, cached under `cacheDir` (git-ignored
 * .bench/): rendering and the codec take ~99 % of a scan's time, and they do not change
 * when the post-processing does. The post-processing then runs exactly as analyzeBuffer's.
 */
async function cachedOutput(
  c: RealisticCase,
  dir: string,
  cacheDir: string,
  seedOffset: number,
): Promise<{ truth: Result["truth"]; out: ModelOutput } | undefined> {
  const file = join(cacheDir, `${c.cacheTag}${seedOffset}-${c.index}.bin`);
  try {
    const buf = await readFile(file);
    const head = JSON.parse(buf.subarray(4, 4 + buf.readUInt32LE(0)).toString("utf8")) as {
      frames: number;
      truth: Result["truth"];
      pbv: boolean;
    };
    let at = 4 + buf.readUInt32LE(0);
    const take = (n: number) => {
      const a = new Float32Array(buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + 4 * n));
      at += 4 * n;
      return a;
    };
    const T = head.frames;
    const out: ModelOutput = { frames: T, rgbMeans: take(T * 12), skinFraction: take(T * 4), pulse: take(T * 4) };
    if (head.pbv) out.pulsePbv = take(T * 4);
    return { truth: head.truth, out };
  } catch {
    const made = await renderAndExtract(c, dir);
    if (!made) return undefined;
    const out = await runModel(made.tensor, made.count, c.fps);
    const head = Buffer.from(JSON.stringify({ frames: out.frames, truth: made.truth, pbv: !!out.pulsePbv }));
    const arrays = [out.rgbMeans, out.skinFraction, out.pulse, ...(out.pulsePbv ? [out.pulsePbv] : [])].map((a) =>
      Buffer.from(a.buffer, a.byteOffset, a.byteLength),
    );
    const len = Buffer.alloc(4);
    len.writeUInt32LE(head.length);
    await mkdir(cacheDir, { recursive: true });
    await writeFile(file, Buffer.concat([len, head, ...arrays]));
    return { truth: made.truth, out };
  }
}

export async function runCaseCached(
  c: RealisticCase,
  dir: string,
  cacheDir: string,
  seedOffset: number,
): Promise<Result> {
  const got = await cachedOutput(c, dir, cacheDir, seedOffset);
  if (!got)
    return {
      c,
      truth: { heartRate: c.heartRate, respiratoryRate: c.respiratoryRate },
      out: { ok: false, error: { code: "NO_FRAMES", message: "" } },
    };
  const estimate = estimateVitals(got.out, c.fps);
  let out: AnalyzeOutcome;
  if (!estimate.ok) out = { ok: false, error: { code: estimate.code, message: estimate.message } };
  else {
    const final = finalizeVitals(estimate.vitals);
    out = final.ok
      ? { ok: true, vitals: final.vitals, timings: {} as never }
      : { ok: false, error: { code: final.code, message: final.message } };
  }
  return { c, truth: got.truth, out };
}

export async function renderAndExtract(c: RealisticCase, dir: string) {
  const scene = makeScene(c);
  if (c.noCodec) {
    const tensor = new Uint8Array(scene.frameCount * FRAME_BYTES);
    const jitter = gaussian(seededRandom(c.seed + 17));
    const rgb = new Uint8Array(c.width * c.height * 3);
    for (let t = 0; t < scene.frameCount; t++) {
      scene.render(t, rgb);
      const [x, y] = scene.centre(t);
      const tracked: [number, number] = [x + c.jitterPx * jitter(), y + c.jitterPx * jitter()];
      extractRegions(rgb, c.width, c.height, c.faceWidth, tracked, tensor, t, c.areaAverage);
    }
    return { tensor, count: scene.frameCount, truth: scene.truth };
  }
  const file = join(dir, `scan-${c.index}.${extensionOf(c.codec)}`);
  await encode(
    file,
    c.codec,
    { width: c.width, height: c.height, fps: c.fps, kbps: c.kbps, frameCount: scene.frameCount },
    scene.render,
  );
  const tensor = new Uint8Array(scene.frameCount * FRAME_BYTES);
  // A face tracker follows the face with about 0.3 % of its width of jitter per frame.
  const jitter = gaussian(seededRandom(c.seed + 17));
  const frames = await decode(file, c.width, c.height, (t, rgb) => {
    if (t >= scene.frameCount) return;
    const [x, y] = scene.centre(t);
    const tracked: [number, number] = [x + c.jitterPx * jitter(), y + c.jitterPx * jitter()];
    extractRegions(rgb, c.width, c.height, c.faceWidth, tracked, tensor, t, c.areaAverage);
  });
  await rm(file, { force: true });
  const count = Math.min(frames, scene.frameCount);
  return count > 0 ? { tensor: tensor.subarray(0, count * FRAME_BYTES), count, truth: scene.truth } : undefined;
}

export async function runCase(c: RealisticCase, dir: string): Promise<Result> {
  const made = await renderAndExtract(c, dir);
  if (!made)
    return {
      c,
      truth: { heartRate: c.heartRate, respiratoryRate: c.respiratoryRate },
      out: { ok: false, error: { code: "NO_FRAMES", message: "" } },
    };
  const out = await analyzeBuffer(encodeTensor(made.tensor, { frameCount: made.count, fps: c.fps }));
  return { c, truth: made.truth, out };
}

type Saved = { index: number; hr: number; rr: number; conf: number; truthHr: number; truthRr: number };

/**
 * Flags: --count N (200; --quick 48), --jobs N (2), --seed-offset N, --verbose; --from/--to
 * run a slice of the set, --jsonl FILE appends each scan's outcome, and --report FILE...
 * prints the tables from such files (slices run by separate processes on a busy machine;
 * a later file's row replaces an earlier one's for the same scan). --cache [DIR] keeps each
 * scan's model outputs (default .bench/realistic, git-ignored) and reuses them: a rerun
 * after a post-processing change takes seconds, not the chain's 40 minutes. --small-faces
 * runs the first chain (every face 90-114 px in a 160x160 frame, cheek regions 25-32 px)
 * instead of face sizes drawn over cheek regions of 25-80 px (set.ts). --no-codec extracts
 * the regions from the rendered frames (a control: what the codec costs); --bpp X encodes
 * every scan at X bits per pixel per frame (a control: what the bitrate costs).
 */
export async function runRealistic(argv: string[]) {
  const flag = (name: string, fallback: number) =>
    argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback;
  const count = flag("--count", argv.includes("--quick") ? 48 : 200);
  const jobs = flag("--jobs", 2);
  const all = realisticCases(count, flag("--seed-offset", 0), {
    smallFaces: argv.includes("--small-faces"),
    noCodec: argv.includes("--no-codec"),
    bitsPerPixel: argv.includes("--bpp") ? flag("--bpp", NaN) : undefined,
  });
  if (argv.includes("--report"))
    return reportFromFiles(
      all,
      argv.slice(argv.indexOf("--report") + 1).filter((a) => !a.startsWith("--")),
    );
  // --indices a,b,c: only those scans (e.g. re-checking the confident ones after a change
  // that can only lower confidence).
  const only = argv.includes("--indices")
    ? new Set(argv[argv.indexOf("--indices") + 1].split(",").map(Number))
    : undefined;
  const cases = all.slice(flag("--from", 0), flag("--to", count)).filter((c) => !only || only.has(c.index));
  const jsonl = argv.includes("--jsonl") ? argv[argv.indexOf("--jsonl") + 1] : undefined;
  const cacheArg = argv.includes("--cache") ? argv[argv.indexOf("--cache") + 1] : undefined;
  const cacheDir = argv.includes("--cache")
    ? cacheArg && !cacheArg.startsWith("--")
      ? cacheArg
      : join(process.cwd(), "..", ".bench", "realistic")
    : undefined;
  const seedOffset = flag("--seed-offset", 0);
  const dir = await mkdtemp(join(tmpdir(), "rppg-realistic-"));
  const results: Result[] = [];
  const started = performance.now();
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: jobs }, async () => {
        while (next < cases.length) {
          const c = cases[next++];
          const r = cacheDir ? await runCaseCached(c, dir, cacheDir, seedOffset) : await runCase(c, dir);
          results.push(r);
          if (jsonl) {
            const v = r.out.ok ? r.out.vitals : undefined;
            const row: Saved = {
              index: r.c.index,
              hr: v?.heart_rate ?? NaN,
              rr: v?.respiratory_rate ?? NaN,
              conf: v?.confidence ?? 0,
              truthHr: r.truth.heartRate,
              truthRr: r.truth.respiratoryRate,
            };
            await appendFile(jsonl, `${JSON.stringify(row)}\n`);
          }
          if (argv.includes("--verbose")) {
            const v = r.out.ok ? `${r.out.vitals.heart_rate} conf ${r.out.vitals.confidence}` : r.out.error.code;
            const rr = r.out.ok
              ? ` rr ${r.truth.respiratoryRate.toFixed(1)} -> ${r.out.vitals.respiratory_rate} conf ${r.out.vitals.quality?.respiratory_rate.confidence}`
              : "";
            console.log(
              `#${r.c.index} ${r.c.codec} ${r.c.fps} fps F${r.c.fitzpatrick} cheek ${r.c.cheekPx}px ${r.c.kbps} kbps hr ${r.truth.heartRate.toFixed(1)} -> ${v}${rr}`,
            );
          }
        }
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  results.sort((a, b) => a.c.index - b.c.index);
  printReport(results, (performance.now() - started) / 1000);
}

async function reportFromFiles(all: RealisticCase[], files: string[]) {
  const results: Result[] = [];
  for (const file of files) {
    for (const line of (await readFile(file, "utf8")).split("\n").filter(Boolean)) {
      const s = JSON.parse(line) as Saved;
      const out =
        s.hr === null
          ? { ok: false as const, error: { code: "FAILED", message: "" } }
          : {
              ok: true as const,
              timings: {} as never,
              vitals: { heart_rate: s.hr, respiratory_rate: s.rr ?? NaN, confidence: s.conf } as never,
            };
      results.push({ c: all[s.index], truth: { heartRate: s.truthHr, respiratoryRate: s.truthRr }, out });
    }
  }
  const latest = new Map(results.map((r) => [r.c.index, r]));
  printReport(
    [...latest.values()].sort((a, b) => a.c.index - b.c.index),
    NaN,
  );
}

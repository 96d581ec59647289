// `npx tsx scripts/realistic/codec-transfer.ts [--seed-offset N] --indices a,b,c`: what a
// chain scan's codec does to the pulse, measured against the frames it was given
// (docs/history/benchmarks-diary.md, "What the codec does to the pulse"). Per scan, from the skin's mean colour
// (source vs decoded, each over its 2 s moving mean):
// - luma gain by key-frame phase: the decoded green's share of the source's pulse-band
//   change (regression over all groups), at the key frame and averaged over the others;
// - chroma: on POS's two colour axes (G - B and G + B - 2R, where intensity cancels), the
//   codec's error against the source pulse on that axis, as power ratios at 40-65 bpm (per
//   0.5 bpm, against the pulse's within 3 bpm of the true rate) and at the rate itself.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { movingMean } from "../../src/dsp/stats.js";
import { dftBin } from "../../src/dsp/spectrum.js";
import { decode, encode, extensionOf } from "./codec.js";
import { isSkin, makeScene } from "./scene.js";
import { realisticCases } from "./set.js";

const argv = process.argv;
const flag = (name: string, fallback: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const all = realisticCases(200, Number(flag("--seed-offset", "0")));
const indices = flag("--indices", "2,22,146").split(",").map(Number);
const AXES: [string, number[]][] = [
  ["G-B", [0, 1, -1]],
  ["G+B-2R", [-2, 1, 1]],
];

/** Mean RGB of the cheeks and forehead (skin only) around the face centre. */
function skinMean(rgb: Uint8Array, width: number, height: number, face: number, [cx, cy]: [number, number]) {
  const acc = [0, 0, 0];
  let n = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const u = (x - cx) / face,
        v = (y - cy) / face;
      if (Math.abs(u) > 0.35 || v < -0.35 || v > 0.3 || !isSkin(u, v)) continue;
      const p = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) acc[c] += rgb[p + c];
      n++;
    }
  return acc.map((a) => a / n);
}

/** Each channel over its 2 s moving mean, less 1: the pulse band and above. */
function pulseBand(frames: number[][], fps: number): number[][] {
  const channels = [0, 1, 2].map((c) => {
    const x = Float64Array.from(frames, (f) => f[c]);
    const level = movingMean(x, Math.round(2 * fps));
    return x.map((v, t) => v / level[t] - 1);
  });
  return frames.map((_, t) => channels.map((ch) => ch[t]));
}

function bandPower(x: Float64Array, fps: number, loBpm: number, hiBpm: number): number {
  let total = 0;
  for (let bpm = loBpm; bpm <= hiBpm; bpm += 0.5) {
    const [re, im] = dftBin(x, bpm / 60, fps);
    total += re * re + im * im;
  }
  return total / ((hiBpm - loBpm) / 0.5 + 1);
}

const dir = await mkdtemp(join(tmpdir(), "codec-transfer-"));
try {
  for (const i of indices) {
    const c = all[i];
    const scene = makeScene(c);
    const file = join(dir, `s${i}.${extensionOf(c.codec)}`);
    const source: number[][] = [],
      decoded: number[][] = [];
    const o = { width: c.width, height: c.height, fps: c.fps, kbps: c.kbps, frameCount: scene.frameCount };
    await encode(file, c.codec, o, (t, out) => {
      scene.render(t, out);
      source.push(skinMean(out, c.width, c.height, c.faceWidth, scene.centre(t)));
    });
    await decode(file, c.width, c.height, (t, rgb) => {
      if (t < scene.frameCount) decoded.push(skinMean(rgb, c.width, c.height, c.faceWidth, scene.centre(t)));
    });
    const types = execFileSync("ffprobe", [
      "-v",
      "error",
      "-select_streams",
      "v",
      "-show_entries",
      "frame=pict_type",
      "-of",
      "default=nw=1:nk=1",
      file,
    ])
      .toString()
      .split("\n")
      .filter((l) => /^[IPB]$/.test(l.trim()));
    const s = pulseBand(source, c.fps),
      d = pulseBand(decoded, c.fps);
    // Luma gain by phase since the last key frame (green: most of the pulse's luma).
    const phaseSums = new Map<number, [number, number]>();
    let last = 0;
    const edge = Math.round(2 * c.fps);
    for (let t = 0; t < s.length; t++) {
      if (types[t] === "I") last = t;
      if (t < edge || t >= s.length - edge) continue;
      const k = t - last;
      const [num, den] = phaseSums.get(k) ?? [0, 0];
      phaseSums.set(k, [num + d[t][1] * s[t][1], den + s[t][1] ** 2]);
    }
    const gains = [...phaseSums.entries()].sort((a, b) => a[0] - b[0]).map(([, [num, den]]) => num / den);
    const between = gains.slice(1).reduce((a, b) => a + b, 0) / Math.max(1, gains.length - 1);
    const rate = scene.truth.heartRate;
    const chroma = AXES.map(([name, w]) => {
      const project = (x: number[][]) => Float64Array.from(x, (v) => v[0] * w[0] + v[1] * w[1] + v[2] * w[2]);
      const pulse = project(s).slice(edge, -edge),
        error = project(d.map((v, t) => v.map((x, k) => x - s[t][k]))).slice(edge, -edge);
      const atRate = bandPower(pulse, c.fps, rate - 3, rate + 3);
      const low = bandPower(error, c.fps, 40, 65) / atRate,
        at = bandPower(error, c.fps, rate - 3, rate + 3) / atRate;
      return `${name} ${low.toFixed(1)}x / ${at.toFixed(1)}x`;
    });
    const keyFrames = types.filter((t) => t === "I").length;
    console.log(
      `#${i} ${c.codec} ${c.fps} fps ${c.bitsPerPixel.toFixed(2)} bpp noise ${c.noise.toFixed(1)} hr ${rate.toFixed(1)}: ` +
        `${keyFrames} key frames; luma gain ${gains[0].toFixed(2)} at the key frame, ${between.toFixed(2)} between; ` +
        `chroma error/pulse at 40-65 bpm / at the rate: ${chroma.join(", ")}`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

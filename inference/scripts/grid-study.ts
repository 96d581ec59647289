// npm run bench:grid [-- --synthetic N] [--realistic N] [--seed-offset N]: how small the same
// regions can be sent without losing the pulse (docs/benchmarks.md, "Smaller tensors"). Each
// scan's 72x72 regions are pooled on each of the tensor format's grids exactly as the client
// library pools them (sdk/src/tensor-grid.ts), gzipped as a browser does (zlib's default
// level), and analysed through the service's own entry (decode, model, vitals, as an upload).
// Sets: the synthetic held-out draw (low, medium, high noise) and the realistic chain (rendered
// faces through real codecs at phone bitrates, extracted like a client), in the same run.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import zlib from "node:zlib";
import { poolFrame, frameBytesOfGrid, TENSOR_GRIDS, type TensorGrid } from "../../sdk/src/tensor-grid.js";
import { analyzeBuffer, encodeTensor, synthesizeFrames } from "../src/index.js";
import { accuracyCases, HELD_OUT_OFFSETS } from "./accuracy-set.js";
import { renderAndExtract } from "./realistic/run.js";
import { realisticCases } from "./realistic/set.js";

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const SYNTHETIC = num("--synthetic", 18);
const REALISTIC = num("--realistic", 16);
const SEED_OFFSET = num("--seed-offset", HELD_OUT_OFFSETS[0]!);

type Scan = { set: string; name: string; frames: Uint8Array; frameCount: number; fps: number; truth: number };
type Reading = { grid: TensorGrid; bytesPerFrame: number; hr: number; conf: number };

function pooled(scan: Scan, grid: TensorGrid): Uint8Array {
  if (grid === 72) return scan.frames;
  const size = frameBytesOfGrid(grid);
  const out = new Uint8Array(scan.frameCount * size);
  for (let t = 0; t < scan.frameCount; t++) {
    poolFrame(scan.frames.subarray(t * 62_208, (t + 1) * 62_208), grid, out.subarray(t * size, (t + 1) * size));
  }
  return out;
}

async function read(scan: Scan): Promise<Reading[]> {
  const readings: Reading[] = [];
  for (const grid of TENSOR_GRIDS) {
    const body = pooled(scan, grid);
    const gz = zlib.gzipSync(body).byteLength;
    const out = await analyzeBuffer(encodeTensor(body, { frameCount: scan.frameCount, fps: scan.fps, grid }));
    readings.push({
      grid,
      bytesPerFrame: gz / scan.frameCount,
      hr: out.ok ? out.vitals.heart_rate : Number.NaN,
      conf: out.ok ? out.vitals.confidence : 0,
    });
  }
  return readings;
}

async function* scans(): AsyncGenerator<Scan> {
  // Spread over the three noise levels.
  const all = accuracyCases();
  const every = Math.max(1, Math.floor(all.length / SYNTHETIC));
  for (const c of all.filter((_, i) => i % every === 0).slice(0, SYNTHETIC)) {
    const s = synthesizeFrames({ ...c, seed: c.seed + SEED_OFFSET });
    yield { set: "synthetic", name: c.name, ...s, truth: s.truth.heartRate };
  }
  const dir = await mkdtemp(join(tmpdir(), "rppg-grid-"));
  try {
    for (const c of realisticCases(REALISTIC, 0)) {
      const made = await renderAndExtract(c, dir);
      if (!made) continue;
      yield {
        set: "realistic",
        name: `#${c.index} ${c.codec} ${c.fps} fps`,
        frames: made.tensor,
        frameCount: made.count,
        fps: c.fps,
        truth: made.truth.heartRate,
      };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const rows: { set: string; truth: number; readings: Reading[] }[] = [];
for await (const scan of scans()) {
  const readings = await read(scan);
  rows.push({ set: scan.set, truth: scan.truth, readings });
  console.log(
    `${scan.set} ${scan.name} (truth ${scan.truth.toFixed(1)}): ` +
      readings
        .map(
          (r) => `${r.grid}: ${r.hr.toFixed(1)} @${r.conf.toFixed(2)} ${(r.bytesPerFrame / 1000).toFixed(1)} kB/frame`,
        )
        .join(" | "),
  );
}

console.log(
  "\n| set | grid | MB per 20 s at 30 fps (gzip) | HR MAE (bpm) | confident (>= 0.4) | confident, > 10 off | max HR change vs 72 (bpm) | mean confidence change vs 72 |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const set of ["synthetic", "realistic"]) {
  const inSet = rows.filter((r) => r.set === set);
  if (inSet.length === 0) continue;
  TENSOR_GRIDS.forEach((grid, g) => {
    const at = inSet.map((r) => ({ truth: r.truth, r: r.readings[g]!, full: r.readings[0]! }));
    const mae = at.reduce((s, x) => s + Math.abs(x.r.hr - x.truth), 0) / at.length;
    const confident = at.filter((x) => x.r.conf >= 0.4);
    const wrong = confident.filter((x) => Math.abs(x.r.hr - x.truth) > 10).length;
    const maxChange = Math.max(...at.map((x) => Math.abs(x.r.hr - x.full.hr)));
    const confChange = at.reduce((s, x) => s + (x.r.conf - x.full.conf), 0) / at.length;
    const mb = ((at.reduce((s, x) => s + x.r.bytesPerFrame, 0) / at.length) * 600) / 1e6;
    console.log(
      `| ${set} (${at.length}) | ${grid} | ${mb.toFixed(2)} | ${mae.toFixed(2)} | ${confident.length}/${at.length} | ${wrong} | ${maxChange.toFixed(2)} | ${confChange >= 0 ? "+" : ""}${confChange.toFixed(3)} |`,
    );
  });
}

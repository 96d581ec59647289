// npx tsx scripts/realistic/audit.ts CACHE_DIR [--seed-offset N] [--count N] [--tag T] [--min C]: the quality
// inputs (docs/inference.md, "Confidence") of every scan at confidence >= C (0.3) in a chain
// cache (`bench:accuracy -- --realistic --cache CACHE_DIR`), one line each with its truth,
// so a rule can be checked against the scans it would move. Reads the cache only.
import { readFile } from "node:fs/promises";
import type { ModelOutput } from "../../src/model-runner.js";
import { estimateVitals } from "../../src/vitals/estimate-vitals.js";
import { realisticCases } from "./set.js";

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dir = args[0];
const seedOffset = Number(flag("--seed-offset", "0"));
const tag = flag("--tag", "f");

async function load(file: string): Promise<{ truth: { heartRate: number }; out: ModelOutput }> {
  const buf = await readFile(file);
  const head = JSON.parse(buf.subarray(4, 4 + buf.readUInt32LE(0)).toString("utf8"));
  let at = 4 + buf.readUInt32LE(0);
  const take = (k: number) => {
    const a = new Float32Array(buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + 4 * k));
    at += 4 * k;
    return a;
  };
  const T = head.frames;
  const out: ModelOutput = { frames: T, rgbMeans: take(T * 12), skinFraction: take(T * 4), pulse: take(T * 4) };
  if (head.pbv) out.pulsePbv = take(T * 4);
  return { truth: head.truth, out };
}

for (const c of realisticCases(Number(flag("--count", "200")), seedOffset)) {
  const got = await load(`${dir}/${tag}${seedOffset}-${c.index}.bin`).catch(() => undefined);
  if (!got) continue;
  const e = estimateVitals(got.out, c.fps);
  if (!e.ok || e.vitals.confidence < Number(flag("--min", "0.3"))) continue;
  const q = e.quality;
  const err = e.vitals.heart_rate - got.truth.heartRate;
  console.log(
    `${Math.abs(err) > 10 ? "WRONG" : "right"} ${seedOffset}#${c.index} ${c.codec} ${c.fps}fps F${c.fitzpatrick}`,
    `events ${c.exposureSteps}/${c.whiteBalanceSteps}/${c.moves} hr ${e.vitals.heart_rate.toFixed(1)}/${got.truth.heartRate.toFixed(1)}`,
    `conf ${e.vitals.confidence.toFixed(2)} snr ${q.snrDb.toFixed(1)} coherence ${q.coherence.toFixed(2)}`,
    `agreement ${q.agreement.toFixed(2)} ambiguity ${q.ambiguity.toFixed(2)} sharedSnr ${q.sharedSnrDb.toFixed(1)}`,
    `sharedHarmonicSnr ${q.sharedHarmonicSnrDb.toFixed(1)} sharedFloor ${q.sharedFloor.toFixed(3)}`,
  );
}

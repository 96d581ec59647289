// npm run bench:accuracy — MAE of heart rate, respiratory rate and HRV over the frozen
// synthetic set at three noise levels, and the confidence of the no-pulse cases.
import { analyzeBuffer, encodeTensor, synthesizeFrames } from "../src/index.js";
import { accuracyCases, noPulseCases, type NoiseLevel } from "./accuracy-set.js";
import { runRealistic } from "./realistic/run.js";

if (process.argv.includes("--realistic")) {
  await runRealistic(process.argv);
  process.exit(0);
}

type Row = {
  name: string;
  truth: number;
  read: number;
  hr: number;
  rr: number;
  hrv: number;
  spo2: number;
  conf: number;
};
const verbose = process.argv.includes("--verbose");
const numberFlag = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : 0;
};
// --seed-offset N: the same people and noise levels with other random draws (a held-out
// check that the tuning did not just fit the frozen seeds). The default is the frozen set.
const seedOffset = numberFlag("--seed-offset");
// --head-turn PX: every motion event also turns the head by up to PX pixels under a side
// light (synthesize.ts headTurnPx); the side light changes the noise draws of every level.
const headTurnPx = numberFlag("--head-turn");
const errors: Record<NoiseLevel, Row[]> = { low: [], medium: [], high: [] };

for (const c of accuracyCases().map((c) => ({ ...c, seed: c.seed + seedOffset, headTurnPx }))) {
  const s = synthesizeFrames(c);
  const out = await analyzeBuffer(encodeTensor(s.frames, { frameCount: s.frameCount, fps: s.fps }));
  if (!out.ok) {
    console.log(`${c.name}: FAILED ${out.error.code}`);
    errors[c.level].push({
      name: c.name,
      truth: c.heartRate ?? NaN,
      read: NaN,
      hr: NaN,
      rr: NaN,
      hrv: NaN,
      spo2: NaN,
      conf: 0,
    });
    continue;
  }
  const v = out.vitals;
  const row = {
    name: c.name,
    truth: s.truth.heartRate,
    read: v.heart_rate,
    hr: Math.abs(v.heart_rate - s.truth.heartRate),
    rr: Math.abs(v.respiratory_rate - s.truth.respiratoryRate),
    hrv: Math.abs(v.hrv - s.truth.sdnnMs),
    spo2: Math.abs(v.spo2 - s.truth.spo2),
    conf: v.confidence,
  };
  errors[c.level].push(row);
  if (verbose) {
    console.log(
      `${c.name.padEnd(10)} hr ${v.heart_rate}/${s.truth.heartRate.toFixed(1)} rr ${v.respiratory_rate}/${s.truth.respiratoryRate} ` +
        `sdnn ${v.hrv}/${s.truth.sdnnMs.toFixed(0)} spo2 ${v.spo2}/${s.truth.spo2} conf ${v.confidence} ` +
        `(rr ${v.quality?.respiratory_rate.confidence}, hrv ${v.quality?.hrv.confidence})`,
    );
  }
}

const mae = (rows: Row[], k: "hr" | "rr" | "hrv" | "spo2") =>
  rows.length ? rows.reduce((a, r) => a + r[k], 0) / rows.length : NaN;
const min = (rows: Row[]) => Math.min(...rows.map((r) => r.conf));
const table = (title: string, pick: (rows: Row[]) => Row[]) => {
  console.log(`\n${title}\n`);
  console.log("| noise | cases | HR MAE (bpm) | RR MAE (/min) | SDNN MAE (ms) | SpO2 MAE (%) | min confidence |");
  console.log("|---|---|---|---|---|---|---|");
  for (const level of ["low", "medium", "high"] as NoiseLevel[]) {
    const rows = pick(errors[level]);
    console.log(
      `| ${level} | ${rows.length}/${errors[level].length} | ${mae(rows, "hr").toFixed(2)} | ${mae(rows, "rr").toFixed(2)} | ${mae(rows, "hrv").toFixed(1)} | ${mae(rows, "spo2").toFixed(2)} | ${rows.length ? min(rows).toFixed(2) : "-"} |`,
    );
  }
};
table("All cases (a failed scan counts as NaN):", (rows) => rows);
// What a client sees when it follows the spec's bands and re-scans below 0.4.
table("Cases the service reports with confidence >= 0.4:", (rows) => rows.filter((r) => r.conf >= 0.4));

// The cardinal rule: a confident reading must not be wrong.
const all = Object.values(errors).flat();
const wrongHigh = all.filter((r) => r.conf >= 0.7 && r.hr > 5);
const wrongModerate = all.filter((r) => r.conf >= 0.4 && r.hr > 10);
console.log(`\nConfidence >= 0.7 off by > 5 bpm: ${wrongHigh.length}; >= 0.4 off by > 10 bpm: ${wrongModerate.length}`);
for (const r of [...all].sort((a, b) => b.hr - a.hr).slice(0, 5)) {
  console.log(`  worst: ${r.name} read ${r.read} for ${r.truth.toFixed(1)} bpm at confidence ${r.conf}`);
}

console.log("\n| no-pulse case | outcome | confidence |");
console.log("|---|---|---|");
for (const c of noPulseCases().map((c) => ({ ...c, seed: c.seed + seedOffset, headTurnPx }))) {
  const s = synthesizeFrames(c);
  const out = await analyzeBuffer(encodeTensor(s.frames, { frameCount: s.frameCount, fps: s.fps }));
  console.log(
    `| ${c.name} | ${out.ok ? "ok" : out.error.code} | ${out.ok ? out.vitals.confidence.toFixed(2) : "0.00 (failure)"} |`,
  );
}

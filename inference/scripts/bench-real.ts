// npm run bench:real -- --data DIR [--cache [DIR]] [--only-real] [--seed-offset N] [--verbose]
// Real faces: the public bias-eval-rppg recordings (India and Sierra Leone; DIR holds the
// repository's Ground_Truth/ and Data/ folders, checked against scripts/real/bias-eval-rppg.sha256)
// built into tensors (scripts/real/bias-eval.ts) and analysed by the service's own entry
// (analyzeBuffer: decode, model, vitals, as an upload). Per subject, every window's reading;
// then by country: HR MAE, within 5 bpm, confident (>= 0.4), confident and right (within
// 5 bpm), confident and wrong (more than 10 bpm off). Nothing here is fitted to these
// subjects, so every figure is held out as it stands (docs/benchmarks.md, "Real faces").
// Unless --only-real, the synthetic held-out draw and the realistic chain's quick set
// follow in the same run, so a change is seen on all three at once.
import { spawnSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { analyzeBuffer, encodeTensor } from "../src/index.js";
import { runModel, type ModelOutput } from "../src/model-runner.js";
import type { AnalyzeOutcome } from "../src/types.js";
import { estimateVitals } from "../src/vitals/estimate-vitals.js";
import { finalizeVitals } from "../src/vitals/finalize.js";
import {
  FPS,
  REGION_FILES,
  type Subject,
  type Window,
  subjectWindows,
  subjects,
  verifyInputs,
  windowing,
} from "./real/bias-eval.js";

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] && !argv[i + 1].startsWith("--") ? argv[i + 1] : undefined;
};
// npm runs workspace scripts inside inference/; paths are meant from where the command was typed.
const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
const dataArg = flag("--data");
if (!dataArg) {
  console.error(
    "usage: npm run bench:real -- --data DIR  (DIR: a copy of github.com/ananyananda-dasari/bias-eval-rppg)",
  );
  process.exit(2);
}
const dataDir = fromCaller(dataArg);
const cacheDir = argv.includes("--cache")
  ? fromCaller(flag("--cache") ?? join(process.cwd(), "..", ".bench", "real"))
  : undefined;
const CONFIDENT = 0.4;

const problems = await verifyInputs(dataDir);
const missing = problems.filter((p) => p.startsWith("missing"));
for (const p of problems) console.log(`input ${p}`);

type Reading = { hr: number; conf: number; reasons: string[]; frames: number; code?: string };

/** The model's outputs of one window, kept under --cache (decoding and the model are most of the time). */
async function cachedOutcome(s: Subject, w: number, make: () => Promise<ModelOutput>): Promise<AnalyzeOutcome> {
  const file = join(cacheDir!, `${s.country}-${s.subject}-${w}.bin`);
  let out: ModelOutput;
  try {
    const buf = await readFile(file);
    const T = buf.readUInt32LE(0);
    let at = 4;
    const take = (n: number) => {
      const a = new Float32Array(buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + 4 * n));
      at += 4 * n;
      return a;
    };
    out = { frames: T, rgbMeans: take(T * 12), skinFraction: take(T * 4), pulse: take(T * 4), pulsePbv: take(T * 4) };
  } catch {
    out = await make();
    const head = Buffer.alloc(4);
    head.writeUInt32LE(out.frames);
    await mkdir(cacheDir!, { recursive: true });
    await writeFile(
      file,
      Buffer.concat(
        [head, ...[out.rgbMeans, out.skinFraction, out.pulse, out.pulsePbv!]].map((a) =>
          Buffer.from(a.buffer, a.byteOffset, a.byteLength),
        ),
      ),
    );
  }
  const estimate = estimateVitals(out, FPS);
  if (!estimate.ok) return { ok: false, error: { code: estimate.code, message: estimate.message } };
  const final = finalizeVitals(estimate.vitals);
  return final.ok
    ? { ok: true, vitals: final.vitals, timings: {} as never }
    : { ok: false, error: { code: final.code, message: final.message } };
}

async function readSubject(s: Subject): Promise<Reading[]> {
  // Decoded only when needed: with every window's model outputs cached, not at all.
  let decoded: Promise<Window[]> | undefined;
  const windows = () => {
    decoded ??= subjectWindows(dataDir, s);
    return decoded;
  };
  const readings: Reading[] = [];
  for (let w = 0; w < windowing(s.frames).count; w++) {
    const win = async () => (await windows())[w];
    const outcome = cacheDir
      ? await cachedOutcome(s, w, async () => {
          const { tensor, frames } = await win();
          return runModel(tensor, frames, FPS);
        })
      : await win().then(({ tensor, frames }) => analyzeBuffer(encodeTensor(tensor, { frameCount: frames, fps: FPS })));
    const frames = windowing(s.frames).length;
    readings.push(
      outcome.ok
        ? {
            hr: outcome.vitals.heart_rate,
            conf: outcome.vitals.confidence,
            reasons: outcome.vitals.quality?.reasons ?? [],
            frames,
          }
        : { hr: NaN, conf: 0, reasons: [], frames, code: outcome.error.code },
    );
  }
  return readings;
}

type Row = { s: Subject; hr: number; conf: number; err: number; windows: Reading[] };

const all = await subjects();
const rows: Row[] = [];
for (const s of all) {
  const present = s.regions.filter((r) => !missing.some((m) => m.endsWith(`${s.country}/${s.subject}_${r}.avi`)));
  if (present.length < s.regions.length) {
    console.log(`${s.country}/${s.subject}: ${s.regions.length - present.length} region file(s) missing, skipped`);
    continue;
  }
  const windows = await readSubject(s);
  // The truth is the mean over the whole recording: the windows' readings, weighted by
  // length, against it; the subject is confident only when every window is.
  const frames = windows.reduce((a, w) => a + w.frames, 0);
  const hr = windows.reduce((a, w) => a + w.hr * w.frames, 0) / frames;
  const conf = Math.min(...windows.map((w) => w.conf));
  rows.push({ s, hr, conf, err: Math.abs(hr - s.truthBpm), windows });
}

const f = (v: number, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : "-");
console.log("\n| subject | regions | truth (bpm) | read (bpm) | confidence | windows: read @ confidence (reasons) |");
console.log("|---|---|---|---|---|---|");
for (const r of rows)
  console.log(
    `| ${r.s.country}/${r.s.subject} | ${r.s.regions.length} | ${f(r.s.truthBpm)} | ${f(r.hr)} | ${f(r.conf, 2)} | ${r.windows
      .map((w) => `${w.code ?? f(w.hr)} @ ${f(w.conf, 2)}${w.reasons.length ? ` (${w.reasons.join(", ")})` : ""}`)
      .join("; ")} |`,
  );

const share = (n: number, of: number) => `${n}/${of}`;
function line(label: string, rs: Row[]) {
  const confident = rs.filter((r) => r.conf >= CONFIDENT);
  const mae = rs.reduce((a, r) => a + (Number.isFinite(r.err) ? r.err : r.s.truthBpm), 0) / Math.max(1, rs.length);
  return `| ${label} | ${rs.length} | ${f(mae, 2)} | ${share(rs.filter((r) => r.err <= 5).length, rs.length)} | ${share(
    confident.length,
    rs.length,
  )} | ${share(confident.filter((r) => r.err <= 5).length, rs.length)} | ${share(
    confident.filter((r) => r.err > 10).length,
    rs.length,
  )} |`;
}
function table(title: string, rs: Row[]) {
  console.log(`\n${title}\n`);
  console.log(
    "| group | subjects | HR MAE (bpm) | within 5 bpm | confident (>= 0.4) | confident, within 5 | confident, > 10 off |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const country of [...new Set(rs.map((r) => r.s.country))]) {
    console.log(
      line(
        country.replace("_", " "),
        rs.filter((r) => r.s.country === country),
      ),
    );
  }
  console.log(line("all", rs));
}
const full = rows.filter((r) => r.s.regions.length === REGION_FILES.length);
const partial = rows.filter((r) => r.s.regions.length < REGION_FILES.length);
table("Subjects with all three regions (the benchmark):", full);
if (partial.length) table("Subjects with one or two regions (a region's file is not in the public copy):", partial);
// What knowing nothing scores: every subject read as the mean truth of the others.
const guess = full.map((r) => {
  const others = full.filter((o) => o !== r);
  return Math.abs(others.reduce((a, o) => a + o.s.truthBpm, 0) / others.length - r.s.truthBpm);
});
console.log(
  `\nA constant guess (the other subjects' mean truth): HR MAE ${f(guess.reduce((a, b) => a + b, 0) / guess.length, 2)} bpm`,
);
// Chance: how often a reading is within 5 bpm of another subject's truth. The truths span
// only 66-86 bpm, so a reading that carries no pulse still lands near one now and then.
const nearOther = full.map(
  (r) => full.filter((o) => o !== r && Math.abs(r.hr - o.s.truthBpm) <= 5).length / Math.max(1, full.length - 1),
);
const pct = (x: number) => f((100 * x) / Math.max(1, full.length), 0);
console.log(
  `Readings within 5 bpm of another subject's truth (chance): ${pct(nearOther.reduce((a, b) => a + b, 0))} %; of their own: ${pct(full.filter((r) => r.err <= 5).length)} %`,
);
const scans = rows.flatMap((r) => r.windows.map((w) => ({ r, w })));
const scanWrong = scans.filter(({ r, w }) => w.conf >= CONFIDENT && Math.abs(w.hr - r.s.truthBpm) > 10);
console.log(
  `Scans (windows): ${scans.length}, confident ${scans.filter(({ w }) => w.conf >= CONFIDENT).length}, confident and > 10 bpm off the recording's mean: ${scanWrong.length}`,
);

if (!argv.includes("--only-real")) {
  // The same run reports the synthetic held-out draw and the realistic chain's quick set.
  const seedOffset = flag("--seed-offset") ?? "6100000";
  const tsx = (args: string[]) => {
    console.log(`\n$ bench:accuracy -- ${args.join(" ")}\n`);
    spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-accuracy.ts", ...args], { stdio: "inherit" });
  };
  tsx(["--seed-offset", seedOffset]);
  tsx(["--realistic", "--quick", "--cache"]);
}

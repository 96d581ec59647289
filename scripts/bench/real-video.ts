// npm run bench:real-video -- --data DIR [--seconds 20] [--grid 36] [--peer CMD] [--no-cache] [--engine NAME] [--synthetic] [--mesh tfjs-wasm]
// Real faces on video, read the way a client reads them (docs/benchmarks.md, "Real faces on
// video"): each subject folder of DIR (a UBFC-rPPG layout: `vid.mp4` and `ground_truth.txt`)
// goes through the Node video scan (sdk/src/video: face mesh, skin regions, the default grid),
// and its tensor through the service's own pipeline (decode, model, vitals: analyzeBuffer).
// Per video: truth (the contact PPG over the frames the tensor holds), reading, error,
// confidence and the quality reasons; then HR MAE, within 5 bpm, confident (>= 0.4) and right
// (within 5), confident and wrong (> 10 bpm off).
// --peer CMD runs another method on the same clips beside it: CMD is called with the video's
//   path and the span's start and end seconds and prints one heart rate (e.g. a Python
//   script around open-rppg or vitallens' CHROM in its own venv; a tool, not a dependency).
// Tensors are cached under .bench/real-video (keyed by the video's hash, the span and the
// grid, and the SDK's capture sources) unless --no-cache; the face tracking is most of the time.
// --engine chromium|firefox|webkit (repeatable): each video also as a camera in that browser
//   (real-video-engines.ts: the browser SDK's live capture, the same pipeline), its own table.
// --mesh tfjs-wasm: the face mesh on tfjs's WebAssembly, as the browser runs it, instead of
//   onnxruntime-node (sdk/src/video/onnx-face-mesh.ts): the same videos before and after.
// --synthetic: the synthetic held-out draw and the realistic chain's quick set follow, through
//   `npm run bench:accuracy`, so a change is seen on all three in one run.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { analyzeBuffer } from "../../inference/src/index";
import { NodeFaceModel, tensorFromVideo } from "../../sdk/src/video/index";
import { DEFAULT_CAPTURE_GRID, type TensorGrid } from "../../sdk/src/tensor-grid";
import { enginesFromArgs } from "../../e2e/engines/engine-page";
import { cameraRows } from "./real-video-engines";
import { type Reading, readingOf, readTruth, truthRate } from "./real-video-truth";

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith("--") ? argv[i + 1] : undefined;
};
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
const dataArg = flag("--data");
if (!dataArg) {
  console.error(
    "usage: npm run bench:real-video -- --data DIR  (DIR: subject folders with vid.mp4 and ground_truth.txt)",
  );
  process.exit(2);
}
const dataDir = fromCaller(dataArg);
const seconds = Number(flag("--seconds") ?? 20);
const grid = Number(flag("--grid") ?? DEFAULT_CAPTURE_GRID) as TensorGrid;
const peer = flag("--peer");
const meshRuntime = flag("--mesh") === "tfjs-wasm" ? "tfjs-wasm" : "onnxruntime";
const useCache = !argv.includes("--no-cache");
const engines = enginesFromArgs(argv);
const cacheDir = path.resolve(import.meta.dirname, "../../.bench/real-video");
const CONFIDENT = 0.4;

const subjects = readdirSync(dataDir)
  .filter((d) => existsSync(path.join(dataDir, d, "vid.mp4")) && existsSync(path.join(dataDir, d, "ground_truth.txt")))
  .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
if (!subjects.length) {
  console.error(`${dataDir}: no folder with vid.mp4 and ground_truth.txt`);
  process.exit(2);
}

/** What the tensor of a video depends on: the file, the span, the grid and the SDK's capture code. */
function cacheKey(video: string): string {
  const h = createHash("sha256").update(readFileSync(video)).update(`${seconds}:${grid}:${meshRuntime}`);
  for (const dir of ["sdk/src/video", "sdk/src/web"]) {
    const abs = path.resolve(import.meta.dirname, "../..", dir);
    for (const f of readdirSync(abs).sort()) {
      const file = path.join(abs, f);
      if (statSync(file).isFile() && !f.endsWith(".test.ts")) h.update(readFileSync(file));
    }
  }
  return h.digest("hex").slice(0, 16);
}

type Row = Reading & { peer?: number; scanS?: number };

console.log(
  `real faces on video: ${subjects.length} videos of ${dataDir}, first ${seconds} s, grid ${grid}; load average ${loadavg()[0]!.toFixed(2)}`,
);
let model: NodeFaceModel | undefined;
const rows: Row[] = [];
for (const subject of subjects) {
  const video = path.join(dataDir, subject, "vid.mp4");
  const key = cacheKey(video);
  const cached = path.join(cacheDir, `${subject}-${key}.bin`);
  const spanFile = `${cached}.json`;
  let tensor: Uint8Array;
  let span: { first: number; last: number; scanS?: number };
  if (useCache && existsSync(cached) && existsSync(spanFile)) {
    tensor = readFileSync(cached);
    span = JSON.parse(readFileSync(spanFile, "utf8"));
  } else {
    model ??= await NodeFaceModel.load({ meshRuntime });
    const t = performance.now();
    const made = await tensorFromVideo(video, { durationSeconds: seconds, faceModel: model, grid });
    span = { first: made.firstFrame, last: made.lastFrame, scanS: (performance.now() - t) / 1000 };
    tensor = made.tensor;
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cached, tensor);
    writeFileSync(spanFile, JSON.stringify(span));
  }
  const truthData = readTruth(path.join(dataDir, subject, "ground_truth.txt"));
  const at = (i: number) => truthData.times[Math.min(i, truthData.times.length - 1)]!;
  const truth = truthRate(truthData, at(span.first), at(span.last));
  const out = await analyzeBuffer(Buffer.from(tensor));
  const row: Row = { ...readingOf(subject, truth, out), scanS: span.scanS };
  if (peer) row.peer = runPeer(peer, video, at(span.first), at(span.last));
  rows.push(row);
  console.log(line(row));
}

function runPeer(cmd: string, video: string, from: number, to: number): number {
  const run = spawnSync(cmd, [video, from.toFixed(3), to.toFixed(3)], { encoding: "utf8", shell: false });
  const bpm = Number(run.stdout.trim().split(/\s+/).pop());
  return run.status === 0 && Number.isFinite(bpm) ? bpm : Number.NaN;
}

function line(r: Row): string {
  const err = Math.abs(r.hr - r.truth);
  const peerText =
    r.peer === undefined ? "" : ` | peer ${r.peer.toFixed(1)} (${Math.abs(r.peer - r.truth).toFixed(1)})`;
  const scan = r.scanS === undefined ? "" : ` | scan ${r.scanS.toFixed(1)} s`;
  return `${r.subject.padEnd(10)} truth ${r.truth.toFixed(1).padStart(6)} | read ${r.hr.toFixed(1).padStart(6)} err ${err.toFixed(1).padStart(5)} conf ${r.conf.toFixed(2)} ${r.reasons}${peerText}${scan}`;
}

function summary(name: string, reads: { truth: number; hr: number; conf?: number }[]) {
  const errs = reads.map((r) => (Number.isFinite(r.hr) ? Math.abs(r.hr - r.truth) : Number.POSITIVE_INFINITY));
  const finite = errs.filter(Number.isFinite);
  const mae = finite.length ? finite.reduce((a, b) => a + b, 0) / finite.length : Number.NaN;
  const within5 = errs.filter((e) => e <= 5).length;
  const n = reads.length;
  const conf = reads.map((r) => r.conf ?? 0);
  const confRight = errs.filter((e, i) => conf[i]! >= CONFIDENT && e <= 5).length;
  const confWrong = errs.filter((e, i) => conf[i]! >= CONFIDENT && e > 10).length;
  const confText =
    reads[0]?.conf === undefined
      ? ""
      : ` | confident and right ${confRight}/${n} | confident and wrong ${confWrong}/${n}`;
  console.log(
    `${name.padEnd(10)} HR MAE ${mae.toFixed(2)} bpm${finite.length < n ? ` (${n - finite.length} unread)` : ""} | within 5 bpm ${within5}/${n}${confText}`,
  );
}

console.log("");
summary("service", rows);
if (peer)
  summary(
    "peer",
    rows.map((r) => ({ truth: r.truth, hr: r.peer ?? Number.NaN })),
  );
const scans = rows.map((r) => r.scanS).filter((s): s is number => s !== undefined);
if (scans.length)
  console.log(
    `video scan (mesh on ${meshRuntime}): median ${[...scans].sort((a, b) => a - b)[Math.floor(scans.length / 2)]!.toFixed(1)} s per ${seconds} s clip`,
  );

for (const engine of engines) {
  const { version, rows: camera } = await cameraRows(engine, dataDir, subjects, seconds);
  console.log(`\n== ${version}: each video as the camera (canvas stream), the browser SDK's live capture`);
  for (const r of camera) console.log(`${line(r)} | ${r.frames} frames`);
  summary(engine, camera);
}

if (argv.includes("--synthetic")) {
  console.log("\n== synthetic held-out draw and realistic chain (npm run bench:accuracy)");
  for (const args of [
    ["--seed-offset", "6100000"],
    ["--realistic", "--quick", "--jobs", "1", "--cache"],
  ])
    execFileSync("npm", ["run", "-s", "-w", "inference", "bench:accuracy", "--", ...args], { stdio: "inherit" });
}

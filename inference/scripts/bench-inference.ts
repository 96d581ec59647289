// npm run bench:inference — per-stage medians for a 720-frame tensor, raw and gzip,
// through the same file path the pool's workers use (read -> inflate -> CRC -> model -> post).
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { encodeTensor, synthesizeFrames, type StageTimings } from "../src/index.js";
import { analyzeFileHere } from "../src/pipeline.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const dir = mkdtempSync(join(tmpdir(), "bench-inference-"));
const s = synthesizeFrames({ seed: 42, frameCount: 720, fps: 30, noise: 4, motionEvents: 1 });
const files = {
  raw: join(dir, "scan.bin"),
  gzip: join(dir, "scan.gz.bin"),
};
const rawPayload = encodeTensor(s.frames, { frameCount: 720, fps: 30 });
const gzPayload = encodeTensor(s.frames, { frameCount: 720, fps: 30, gzip: true });
writeFileSync(files.raw, rawPayload);
writeFileSync(files.gzip, gzPayload);

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1];
const stages: (keyof StageTimings)[] = ["read_ms", "inflate_ms", "crc_ms", "model_ms", "post_ms", "total_ms"];

console.log(
  `machine: ${availableParallelism()} cores, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(
  `tensor: 720 frames x 12 x 72 x 72 (raw ${(rawPayload.length / 1e6).toFixed(1)} MB, gzip ${(gzPayload.length / 1e6).toFixed(1)} MB), median of ${RUNS} runs after 2 warm-up runs\n`,
);
// cpu_ms (user + system time of all threads) is printed too: on a shared machine wall
// times swing with other load, CPU time much less.
console.log(`| body | ${stages.join(" | ")} | cpu_ms |`);
console.log(`|---|${stages.map(() => "---").join("|")}|---|`);
for (const [name, file] of Object.entries(files)) {
  const samples: StageTimings[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const before = process.cpuUsage();
    const out = await analyzeFileHere(file);
    const used = process.cpuUsage(before);
    if (!out.ok) throw new Error(`benchmark scan failed: ${out.error.code}`);
    if (i >= 2) {
      samples.push(out.timings);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  console.log(
    `| ${name} | ${stages.map((k) => median(samples.map((t) => t[k])).toFixed(1)).join(" | ")} | ${median(cpu).toFixed(0)} |`,
  );
}

// Through the worker pool, as the service calls it (needs `npm run -w inference build`).
const distIndex = new URL("../dist/index.js", import.meta.url);
if (existsSync(distIndex)) {
  const { createInferencePool } = (await import(distIndex.href)) as typeof import("../src/index.js");
  const pool = createInferencePool();
  const wall: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t = performance.now();
    const out = await pool.analyzeFile(files.raw);
    if (!out.ok) throw new Error(`pool scan failed: ${out.error.code}`);
    if (i >= 2) wall.push(performance.now() - t);
  }
  const batch = 8;
  const t = performance.now();
  await Promise.all(Array.from({ length: batch }, (_, i) => pool.analyzeFile(i % 2 ? files.raw : files.gzip)));
  const batchMs = performance.now() - t;
  await pool.close();
  console.log(
    `\npool (${availableParallelism()} workers): one raw scan ${median(wall).toFixed(1)} ms median wall time; ` +
      `${batch} scans (half gzip) submitted at once: ${batchMs.toFixed(0)} ms (${((batch * 1000) / batchMs).toFixed(1)} scans/s)`,
  );
} else {
  console.log("\n(pool figures skipped: run `npm run -w inference build` first)");
}

// The pool is consumed as compiled JS (dist/), as the service does; build it first.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InferencePool } from "../src/index.js";
import { buildPulseModel } from "../model-build/pulse-graph.js";
import { syntheticTensor } from "./helpers.js";

const pkg = dirname(dirname(fileURLToPath(import.meta.url)));
const dir = mkdtempSync(join(tmpdir(), "pool-"));
type Dist = typeof import("../src/index.js");
let dist: Dist;
let pool: InferencePool;

beforeAll(async () => {
  // Always rebuild: a stale dist/ would test yesterday's code. tsc takes a few seconds.
  execFileSync(process.execPath, [join(pkg, "../node_modules/typescript/bin/tsc"), "-p", join(pkg, "tsconfig.json")], {
    stdio: "inherit",
  });
  dist = (await import(join(pkg, "dist/index.js"))) as Dist;
  pool = dist.createInferencePool({ threads: 2 });
  writeFileSync(join(dir, "scan.bin"), syntheticTensor({ frameCount: 300, heartRate: 70 }));
  writeFileSync(join(dir, "scan.gz.bin"), syntheticTensor({ frameCount: 300, gzip: true }));
  writeFileSync(join(dir, "bad.bin"), Buffer.from("RPPGnot really a tensor"));
  for (const f of ["crash.bin", "throw.bin", "hang.bin", "slow.bin"]) writeFileSync(join(dir, f), syntheticTensor());
}, 120_000);

afterAll(async () => {
  await pool?.close();
});

describe("inference pool", () => {
  it("analyses files in worker threads, several at once", async () => {
    const outs = await Promise.all(
      ["scan.bin", "scan.gz.bin", "scan.bin", "scan.gz.bin"].map((f) => pool.analyzeFile(join(dir, f))),
    );
    for (const out of outs) {
      expect(out.ok).toBe(true);
      if (out.ok) {
        expect(out.vitals.heart_rate).toBeGreaterThan(40);
        expect(out.timings.read_ms).toBeGreaterThanOrEqual(0);
        expect(out.timings.total_ms).toBeGreaterThanOrEqual(out.timings.model_ms);
      }
    }
  });

  it("runs the model file it is given (what MODEL_PATH sets), and fails typed on a missing one", async () => {
    const model = join(dir, "pulse-window-1s.onnx");
    writeFileSync(model, buildPulseModel({ windowSeconds: 1.0, name: "pulse_window_1s" }));
    const other = dist.createInferencePool({ threads: 1, modelPath: model });
    const missing = dist.createInferencePool({ threads: 1, modelPath: join(dir, "absent.onnx") });
    try {
      const out = await other.analyzeFile(join(dir, "scan.bin"));
      expect(out.ok).toBe(true);
      expect(await missing.analyzeFile(join(dir, "scan.bin"))).toMatchObject({
        ok: false,
        error: { code: "MODEL_LOAD_FAILED" },
      });
    } finally {
      await Promise.all([other.close(), missing.close()]);
    }
  });

  it("turns bad tensors and missing files into typed failures", async () => {
    expect(await pool.analyzeFile(join(dir, "bad.bin"))).toMatchObject({ ok: false, error: { code: "TRUNCATED" } });
    expect(await pool.analyzeFile(join(dir, "nope.bin"))).toMatchObject({ ok: false, error: { code: "READ_FAILED" } });
  });

  it("times out a scan, and keeps working afterwards", async () => {
    const slow = dist.createInferencePool({ threads: 1, timeoutMs: 1 });
    try {
      expect(await slow.analyzeFile(join(dir, "scan.bin"))).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
    } finally {
      await slow.close();
    }
    expect((await pool.analyzeFile(join(dir, "scan.bin"))).ok).toBe(true);
  });

  it("survives a worker that exits, throws or hangs", async () => {
    const faulty = dist.createInferencePool({
      threads: 1,
      timeoutMs: 3000,
      workerFile: join(pkg, "test/fixtures/faulty-worker.mjs"),
    } as Parameters<Dist["createInferencePool"]>[0]);
    try {
      expect(await faulty.analyzeFile(join(dir, "crash.bin"))).toMatchObject({
        ok: false,
        error: { code: "WORKER_CRASH" },
      });
      expect(await faulty.analyzeFile(join(dir, "throw.bin"))).toMatchObject({
        ok: false,
        error: { code: "WORKER_CRASH" },
      });
      expect(await faulty.analyzeFile(join(dir, "hang.bin"))).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
      // A replacement worker takes the next scan.
      expect((await faulty.analyzeFile(join(dir, "scan.bin"))).ok).toBe(true);
    } finally {
      await faulty.close();
    }
  });

  it("a scan's time limit starts when a thread takes it; waiting for one has its own limit (BUSY)", async () => {
    // A scan is ~1.2 s asleep plus its analysis; 3 s leaves the analysis room on a loaded machine.
    const options = { threads: 1, timeoutMs: 3000, workerFile: join(pkg, "test/fixtures/faulty-worker.mjs") };
    const busy = dist.createInferencePool(options as Parameters<Dist["createInferencePool"]>[0]);
    const impatient = dist.createInferencePool({ ...options, queueWaitMs: 500 } as Parameters<
      Dist["createInferencePool"]
    >[0]);
    try {
      // Four scans of ~1.3 s on one thread: the last waits ~3.9 s, more than the 3 s limit, and is measured.
      const outs = await Promise.all([1, 2, 3, 4].map(() => busy.analyzeFile(join(dir, "slow.bin"))));
      expect(outs.map((o) => o.ok)).toEqual([true, true, true, true]);
      const [first, second] = await Promise.all([
        impatient.analyzeFile(join(dir, "slow.bin")),
        impatient.analyzeFile(join(dir, "slow.bin")),
      ]);
      expect(first.ok).toBe(true);
      expect(second).toMatchObject({ ok: false, error: { code: "BUSY" } });
      // The slot is back: the next scan runs.
      expect((await impatient.analyzeFile(join(dir, "scan.bin"))).ok).toBe(true);
    } finally {
      await Promise.all([busy.close(), impatient.close()]);
    }
  });

  it("answers after close without hanging", async () => {
    const p = dist.createInferencePool({ threads: 1 });
    await p.close();
    expect(await p.analyzeFile(join(dir, "scan.bin"))).toMatchObject({ ok: false, error: { code: "POOL_CLOSED" } });
  });
});

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCase } from "../scripts/realistic/run.js";
import { realisticCases } from "../scripts/realistic/set.js";

/** Scan `index` of the chain's draw `seedOffset`, through H.264: its vitals and truth. */
async function h264Scan(seedOffset: number, index: number) {
  const dir = await mkdtemp(join(tmpdir(), "chain-"));
  try {
    const scan = realisticCases(index + 1, seedOffset)[index];
    expect(scan.codec).toBe("h264");
    const r = await runCase(scan, dir);
    expect(r.out.ok).toBe(true);
    if (!r.out.ok) throw new Error(r.out.error.code);
    return { vitals: r.out.vitals, truth: r.truth };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

// Scans of the realistic chain (docs/benchmarks.md), rendered to pixels, through H.264 and
// back: the codec leaves a broad hump of power at 35-65 bpm shared by every region.
describe("the rate through a video codec's hump", () => {
  // A 111 bpm face at 251 kbps (24 fps, cheek regions 29 px): the pulse's line stays the
  // strongest shared peak; the octave check once moved the rate to the hump at half of it.
  it("keeps a pulse's line rather than moving to a broad hump at half its rate", async () => {
    const { vitals, truth } = await h264Scan(0, 21);
    expect(Math.abs(vitals.heart_rate - truth.heartRate)).toBeLessThan(3);
    // The codec's key frames are in the means: the result says so (docs/api.md, reasons).
    expect(vitals.quality?.reasons).toContain("compression");
  }, 60_000);

  // A 149 bpm face through H.264 at 189 kbps (15 fps, cheek regions 29 px): the hump at 45
  // bpm outweighs the pulse's line, which holds over 0.4 of its power and stands clear.
  it("reads a clear line above the low band rather than a hump in it, at low confidence", async () => {
    const { vitals, truth } = await h264Scan(1300000, 4);
    expect(Math.abs(vitals.heart_rate - truth.heartRate)).toBeLessThan(3);
    expect(vitals.confidence).toBeLessThan(0.4);
  }, 60_000);
});

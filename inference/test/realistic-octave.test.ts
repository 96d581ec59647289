import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCase } from "../scripts/realistic/run.js";
import { realisticCases } from "../scripts/realistic/set.js";

// One scan of the realistic chain (docs/benchmarks.md): a 111 bpm face rendered to pixels,
// through H.264 at 251 kbps (24 fps, cheek regions 29 px) and back. The codec leaves a broad
// hump of shared power at 50-60 bpm; the pulse's line stays the strongest shared peak, and
// the octave check once moved the rate to the hump for "a third/half of it" (55 bpm).
describe("the octave check through a video codec", () => {
  it("keeps a pulse's line rather than moving to a broad hump at half its rate", async () => {
    const dir = await mkdtemp(join(tmpdir(), "octave-"));
    try {
      const scan = realisticCases(22)[21];
      expect(scan.codec).toBe("h264");
      const r = await runCase(scan, dir);
      expect(r.out.ok).toBe(true);
      if (r.out.ok) expect(Math.abs(r.out.vitals.heart_rate - r.truth.heartRate)).toBeLessThan(3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

import { describe, expect, it } from "vitest";
import { pulseProjections } from "../src/dsp/pulse-projections.js";
import type { ModelOutput } from "../src/model-runner.js";
import { gaussian, seededRandom } from "../src/synth/random.js";
import type { QualityInputs } from "../src/vitals/confidence.js";
import { estimateVitals } from "../src/vitals/estimate-vitals.js";
import { checkWithWholeFace } from "../src/vitals/second-opinion.js";
import { type WholeFaceReading, wholeFaceReading } from "../src/vitals/whole-face.js";

const FPS = 30;
const FRAMES = 600;
// Blood volume's colour signature (de Haan & van Leest): green moves most, then blue, then red.
const SIGNATURE = [0.33, 0.77, 0.53];

/**
 * Model outputs of a real face through a codec as the dev videos show it: the whole face
 * (region 3) carries a pulse at `pulseBpm`; the small forehead and cheek crops carry a weaker
 * copy under a slow colour hump they all share at `humpBpm` (a codec's blocks span them), and
 * noise of their own.
 */
function realLikeCapture(opts: { pulseBpm: number; humpBpm?: number; pulse?: number; seed?: number }): ModelOutput {
  const noise = gaussian(seededRandom(opts.seed ?? 7));
  const rgbMeans = new Float32Array(FRAMES * 12);
  const skinFraction = new Float32Array(FRAMES * 4).fill(0.7);
  const base = [170, 140, 125];
  const pulseAmp = opts.pulse ?? 0.004;
  for (let t = 0; t < FRAMES; t++) {
    const s = t / FPS;
    const beat = Math.sin(2 * Math.PI * (opts.pulseBpm / 60) * s);
    const hump = opts.humpBpm ? Math.sin(2 * Math.PI * (opts.humpBpm / 60) * s) : 0;
    for (let r = 0; r < 4; r++) {
      const whole = r === 3;
      for (let c = 0; c < 3; c++) {
        const pulse = (whole ? 1 : 0.3) * pulseAmp * SIGNATURE[c]! * beat;
        // The hump moves green against red, as a chroma artefact does, in the small crops only.
        const shared = whole ? 0 : 0.006 * hump * (c === 1 ? 1 : -0.5);
        const own = (whole ? 0.0006 : 0.004) * noise();
        rgbMeans[t * 12 + r * 3 + c] = base[c]! * (1 - pulse + shared + own);
      }
    }
  }
  const { pos, pbv } = pulseProjections(rgbMeans, FRAMES, FPS);
  return { frames: FRAMES, rgbMeans, skinFraction, pulse: pos, pulsePbv: pbv };
}

const still = new Uint8Array(FRAMES);

describe("the whole face's reading", () => {
  it("finds the whole face's pulse as a steady line, and gives a rate it does not carry next to nothing", () => {
    const read = wholeFaceReading(realLikeCapture({ pulseBpm: 112, humpBpm: 56 }), FPS, still);
    expect(Math.abs(read.rateBpm - 112)).toBeLessThan(1);
    expect(read.lineShare).toBeGreaterThan(0.3);
    expect(read.steadiness).toBeGreaterThan(0.9);
    expect(read.supportAt(56).lineShare).toBeLessThan(0.1 * read.lineShare);
  });

  it("shows no steady line in noise", () => {
    const read = wholeFaceReading(realLikeCapture({ pulseBpm: 90, pulse: 0 }), FPS, still);
    expect(read.lineShare).toBeLessThan(0.2);
  });

  it("leaves windows mostly inside a movement out, and answers NaN when none is left", () => {
    const moving = new Uint8Array(FRAMES).fill(1);
    const read = wholeFaceReading(realLikeCapture({ pulseBpm: 90 }), FPS, moving);
    expect(read.rateBpm).toBeNaN();
    expect(read.supportAt(90)).toEqual({ lineShare: 0, steadiness: 0 });
  });
});

describe("a real face whose small regions share a slow hump", () => {
  it("is read at the whole face's rate, not half of it", () => {
    const estimate = estimateVitals(realLikeCapture({ pulseBpm: 116, humpBpm: 58, seed: 3 }), FPS);
    expect(estimate.ok).toBe(true);
    if (!estimate.ok) return;
    expect(Math.abs(estimate.vitals.heart_rate - 116)).toBeLessThan(3);
    // Backed by the whole face's steady line: moderate, and not named a weak pulse.
    expect(estimate.vitals.confidence).toBeGreaterThanOrEqual(0.4);
    expect(estimate.vitals.confidence).toBeLessThan(0.7);
    expect(estimate.vitals.quality?.reasons).not.toContain("weak_pulse");
  });
});

// The fused reading's quality figures of a reading nobody contests.
const quality = (over: Partial<QualityInputs> = {}): QualityInputs => ({
  snrDb: 1,
  coherence: 0.6,
  agreement: 0.8,
  keptBeats: 0.6,
  stability: 1,
  usableFrames: 1,
  ambiguity: 0.3,
  methodGapBpm: 3,
  familyGapBpm: 0.5,
  octaveRegions: 0,
  sharedSnrDb: 2,
  sharedFloor: 0.02,
  onKeyFrames: false,
  rateBpm: 95,
  sharedHarmonicSnrDb: 1,
  ...over,
});

/** A whole-face reading with a line at `rateBpm` and the given support of other rates. */
function whole(rateBpm: number, lineShare: number, steadiness: number, elsewhere = 0.02): WholeFaceReading {
  return {
    rateBpm,
    lineShare,
    steadiness,
    supportAt: (bpm) =>
      Math.abs(bpm - rateBpm) <= 5 ? { lineShare, steadiness } : { lineShare: elsewhere, steadiness: 0 },
  };
}

describe("the fused reading checked against the whole face", () => {
  const fused = (rateBpm: number, confidence: number, over: Partial<QualityInputs> = {}) => ({
    rateBpm,
    confidence,
    quality: quality({ rateBpm, ...over }),
  });

  it("rises to the moderate band, never the high one, when both agree on a steady line", () => {
    const low = checkWithWholeFace(fused(93, 0.2), whole(95, 0.34, 0.93));
    expect(low.source).toBe("agreed");
    expect(low.rateBpm).toBeCloseTo(94, 5);
    expect(low.confidence).toBeGreaterThanOrEqual(0.4);
    expect(low.confidence).toBeLessThan(0.7);
    const strongest = checkWithWholeFace(fused(93, 0.2), whole(95, 0.9, 1));
    expect(strongest.confidence).toBeLessThan(0.7);
    // A confident fused rate keeps its own value (the finer one) and its higher confidence.
    expect(checkWithWholeFace(fused(93, 0.9), whole(95, 0.34, 0.93))).toEqual({
      rateBpm: 93,
      confidence: 0.9,
      source: "agreed",
    });
  });

  it("does not rise on a weak or unsteady line, a contested fused reading, or a codec's key frames", () => {
    for (const [f, w] of [
      [fused(93, 0.2), whole(95, 0.15, 0.93)],
      [fused(93, 0.2), whole(95, 0.34, 0.4)],
      [fused(93, 0.2, { familyGapBpm: 9 }), whole(95, 0.34, 0.93)],
      [fused(120, 0.2, { onKeyFrames: true }), whole(120, 0.34, 0.93)],
      // In the low band the line must be clearer still.
      [fused(58, 0.2), whole(59, 0.25, 0.7)],
    ] as const)
      expect(checkWithWholeFace(f, w)).toMatchObject({ rateBpm: f.rateBpm, confidence: 0.2, source: "fused" });
  });

  it("keeps a confident fused reading the whole face disagrees with", () => {
    expect(checkWithWholeFace(fused(72, 0.8), whole(140, 0.4, 1))).toMatchObject({ rateBpm: 72, source: "fused" });
  });

  it("takes the whole face's rate when the fused one is half of it and has no support there", () => {
    const half = checkWithWholeFace(fused(59, 0.17), whole(117.6, 0.23, 0.67));
    expect(half).toMatchObject({ rateBpm: 117.6, source: "whole_face" });
    expect(half.confidence).toBeGreaterThanOrEqual(0.4);
    // The whole face carries the slow rate too: nothing to tell them apart.
    expect(checkWithWholeFace(fused(59, 0.17), whole(117.6, 0.23, 0.67, 0.2)).source).toBe("fused");
    // Not half: another rate altogether.
    expect(checkWithWholeFace(fused(70, 0.17), whole(117.6, 0.23, 0.67)).source).toBe("fused");
  });

  it("replaces a lost fused reading by the whole face's line, at the low confidence", () => {
    const lost = { agreement: 0, ambiguity: 1 };
    expect(checkWithWholeFace(fused(72, 0.1, lost), whole(99, 0.14, 0.43))).toEqual({
      rateBpm: 99,
      confidence: 0.1,
      source: "whole_face",
    });
    // Not lost, a line too faint or in the low band, or a whole face that supports the fused rate.
    expect(checkWithWholeFace(fused(72, 0.1), whole(99, 0.14, 0.43)).source).toBe("fused");
    expect(checkWithWholeFace(fused(72, 0.1, lost), whole(99, 0.08, 0.43)).source).toBe("fused");
    expect(checkWithWholeFace(fused(75, 0.1, lost), whole(58, 0.16, 0.47)).source).toBe("fused");
    expect(checkWithWholeFace(fused(75, 0.1, lost), whole(93, 0.17, 0.44, 0.12)).source).toBe("fused");
    // Agreeing within 5 bpm but unsteady: both count, the confidence stays.
    expect(checkWithWholeFace(fused(88, 0.1, lost), whole(92, 0.19, 0.5))).toEqual({
      rateBpm: 90,
      confidence: 0.1,
      source: "agreed",
    });
  });
});

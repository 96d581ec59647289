// Camera colour-balance and exposure steps, found in the region means and divided out
// before the pulse is extracted (docs/inference.md, "Colour-balance and exposure steps").
// A phone's auto white balance moves one channel's gain by a few per cent within ~0.3 s:
// ten times the pulse, in the very colour space POS and PBV work in, and their 1.6 s
// normalisation spreads it over two seconds. The step is the camera's, so every region
// shows it the same way; a pulse, breathing or a movement does not hold an offset for
// seconds on both sides.
import type { ModelOutput } from "../model-runner.js";
import { pulseProjections } from "../dsp/pulse-projections.js";
import { median } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";

// Windows either side of a step: 1.5 s (a whole beat even at 40 bpm, so the pulse
// averages out of their medians), 0.25 s apart from it (the step's own settling).
const SIDE_SECONDS = 1.5;
const GAP_SECONDS = 0.25;
// Smallest step, in log-chromaticity (a 2.5 % gain step in one channel moves it ~1.7 %);
// the pulse moves it ~0.2 % and a 1.5 s median of it far less.
const MIN_STEP = 0.01;
// Smallest exposure step, in log-brightness (5 %: auto exposure moves by 6-12 %); light
// drift moves ~1 %/s (it fails the hold test anyway) and the pulse ~0.3 %.
const MIN_BRIGHTNESS_STEP = 0.05;
const MAX_ROUNDS = 3;
// Either side, the frames stay within this share of the step of their level (median): a
// camera's step is flat on both sides, two flashes 2 s apart make a plateau that is not.
const FLAT = 0.25;
const REVERSAL_SECONDS = 5;
// Either side of a step the level holds to within this share of the step for another window.
const HOLD = 0.5;
// Each region's own step must point the same way as the common one, at >= half its size.
const REGION_AGREEMENT = 0.5;

export type ColourStep = { frame: number; size: number[] };

/** The windows' length and their distance from the step, in frames. */
const windows = (fps: number) => ({ side: Math.round(SIDE_SECONDS * fps), gap: Math.round(GAP_SECONDS * fps) });
const dot = (a: number[], b: number[]) => a.reduce((sum, v, k) => sum + v * b[k], 0);

/**
 * Where steps are looked for: log-chromaticity (3 series) or log-brightness (1 series).
 * `pure`: a space a step here must leave unchanged (by less than half its smallest step).
 */
type Space = { series: (out: ModelOutput, regions: number[]) => Float64Array[]; minStep: number; pure?: Space };

const COLOUR: Space = { series: chroma, minStep: MIN_STEP };
// An exposure step changes brightness alone: with the colours moving too it is light
// itself changing (a flash, a lamp, the face turning to the window).
const BRIGHTNESS: Space = { series: brightness, minStep: MIN_BRIGHTNESS_STEP, pure: COLOUR };

/**
 * The output with colour-balance and exposure steps divided out of the means and the
 * pulse recomputed; `raw` when there is none.
 */
export function withoutColourSteps(raw: ModelOutput, fps: number): { out: ModelOutput; steps: ColourStep[] } {
  const regions = [...Array(REGIONS).keys()].filter((r) => hasSkinThroughout(raw, r));
  if (!regions.length) return { out: raw, steps: [] };
  const colour = repaired(raw, raw.rgbMeans, regions, fps, COLOUR);
  const light = repaired(raw, colour.rgbMeans, regions, fps, BRIGHTNESS);
  const steps = [...colour.steps, ...light.steps];
  if (!steps.length) return { out: raw, steps };
  const { pos, pbv } = pulseProjections(light.rgbMeans, raw.frames, fps);
  return { out: { ...raw, rgbMeans: light.rgbMeans, pulse: pos, pulsePbv: raw.pulsePbv ? pbv : undefined }, steps };
}

/**
 * The means with the steps of one space divided out. Steps a few seconds apart spoil each
 * other's hold test, so once some are divided out the rest are looked for again (up to
 * MAX_ROUNDS times). All or nothing: a step left in (too close to another, or to the
 * capture's end) next to repaired ones leaves the colours worse than none repaired.
 */
function repaired(
  raw: ModelOutput,
  start: Float32Array,
  regions: number[],
  fps: number,
  space: Space,
): { rgbMeans: Float32Array; steps: ColourStep[] } {
  const steps: ColourStep[] = [];
  let rgbMeans = start;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const means = { ...raw, rgbMeans };
    const common = space.series(means, regions);
    const pure = space.pure && { series: space.pure.series(means, regions), limit: space.pure.minStep / 2 };
    const movesOther = (s: ColourStep) => !!pure && Math.hypot(...stepAt(pure.series, s.frame, fps)) >= pure.limit;
    const found = withoutReversals(findSteps(common, fps, space.minStep), fps).filter(
      (s) => regions.every((r) => agrees(stepAt(space.series(means, [r]), s.frame, fps), s.size)) && !movesOther(s),
    );
    if (!found.length) break;
    steps.push(...found);
    const shift = shiftOf(common, found, fps, raw.frames);
    // A brightness shift is one series, the same for the three channels.
    rgbMeans = Float32Array.from(
      rgbMeans,
      (v, i) => v * Math.exp(-shift[(i % 3) % shift.length][Math.floor(i / (REGIONS * 3))]),
    );
  }
  if (!steps.length || largestStep(space.series({ ...raw, rgbMeans }, regions), fps, space.minStep) >= space.minStep)
    return { rgbMeans: start, steps: [] };
  return { rgbMeans, steps };
}

/** The largest change between the windows either side of any frame. */
function largestStep(ch: Float64Array[], fps: number, minStep: number): number {
  const { side, gap } = windows(fps);
  let largest = 0;
  for (const t of mayStep(ch, side + gap, ch[0].length - side - gap, fps, minStep))
    largest = Math.max(largest, Math.hypot(...stepAt(ch, t, fps)));
  return largest;
}

/**
 * Frames in [from, to] where the mean level changes across the windows by at least half
 * the smallest step: the medians (which a flash cannot drag) are then taken only there.
 */
function mayStep(ch: Float64Array[], from: number, to: number, fps: number, minStep: number): number[] {
  const { side, gap } = windows(fps);
  const sums = ch.map((x) => {
    const p = new Float64Array(x.length + 1);
    for (let t = 0; t < x.length; t++) p[t + 1] = p[t] + x[t];
    return p;
  });
  const meanOf = (p: Float64Array, a: number, b: number) => (p[b] - p[a]) / (b - a);
  const frames: number[] = [];
  for (let t = from; t <= to; t++) {
    const change = sums.map((p) => meanOf(p, t + gap, t + gap + side) - meanOf(p, t - gap - side, t - gap));
    if (Math.hypot(...change) >= minStep / 2) frames.push(t);
  }
  return frames;
}

/** True when region r's means are positive (skin) in every frame. */
export function hasSkinThroughout(out: ModelOutput, r: number): boolean {
  for (let t = 0; t < out.frames; t++)
    for (let c = 0; c < 3; c++) if (!(out.rgbMeans[(t * REGIONS + r) * 3 + c] > 0)) return false;
  return true;
}

/** Log-chromaticity [3][T] of the given regions together: each channel's log level minus their mean. */
function chroma(out: ModelOutput, regions: number[]): Float64Array[] {
  const T = out.frames;
  const logs = [0, 1, 2].map((c) => {
    const x = new Float64Array(T);
    for (let t = 0; t < T; t++) {
      for (const r of regions) x[t] += Math.log(out.rgbMeans[(t * REGIONS + r) * 3 + c]);
      x[t] /= regions.length;
    }
    return x;
  });
  return logs.map((x) => x.map((v, t) => v - (logs[0][t] + logs[1][t] + logs[2][t]) / 3));
}

/** Log-brightness [1][T] of the given regions together: the mean of the three channels' log levels. */
function brightness(out: ModelOutput, regions: number[]): Float64Array[] {
  const T = out.frames;
  const x = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    for (const r of regions) for (let c = 0; c < 3; c++) x[t] += Math.log(out.rgbMeans[(t * REGIONS + r) * 3 + c]);
    x[t] /= 3 * regions.length;
  }
  return [x];
}

/** Median distance, along the step's direction, of frames [from, to) from their median level. */
function spreadAlong(ch: Float64Array[], from: number, to: number, size: number[]): number {
  const at = level(ch, from, to);
  const norm = Math.hypot(...size);
  const away: number[] = [];
  for (let t = from; t < to; t++) away.push(Math.abs(ch.reduce((a, x, c) => a + (x[t] - at[c]) * size[c], 0)) / norm);
  return median(away);
}

/** Median chromaticity of frames [from, to), per channel. */
function level(ch: Float64Array[], from: number, to: number): number[] {
  return ch.map((x) => median(x.subarray(from, to)));
}

/** The chromaticity change from the window before `frame` to the window after it, per channel. */
function stepAt(ch: Float64Array[], frame: number, fps: number): number[] {
  const { side, gap } = windows(fps);
  const after = level(ch, frame + gap, frame + gap + side);
  return level(ch, frame - gap - side, frame - gap).map((v, c) => after[c] - v);
}

/**
 * Steps over the capture (at least two windows from its ends), strongest first, not
 * overlapping. A step holds: the level before it was there a window earlier and the level
 * after it is still there a window later. A flash, a movement's shading or a pulse wave
 * comes back, so the farther windows differ from the near ones by as much as the step.
 */
function findSteps(ch: Float64Array[], fps: number, minStep: number): ColourStep[] {
  const { side, gap } = windows(fps);
  const T = ch[0].length;
  const found: ColourStep[] = [];
  for (const t of mayStep(ch, 2 * side + gap, T - 2 * side - gap, fps, minStep)) {
    const size = stepAt(ch, t, fps);
    const norm = Math.hypot(...size);
    if (norm < minStep) continue;
    // Change between two adjacent windows, the first starting at `from`.
    const change = (from: number) => {
      const second = level(ch, from + side, from + 2 * side);
      return level(ch, from, from + side).map((v, k) => second[k] - v);
    };
    const before = change(t - gap - 2 * side);
    const after = change(t + gap);
    const flat =
      spreadAlong(ch, t - gap - side, t - gap, size) <= FLAT * norm &&
      spreadAlong(ch, t + gap, t + gap + side, size) <= FLAT * norm;
    if (flat && Math.hypot(...before) <= HOLD * norm && Math.hypot(...after) <= HOLD * norm)
      found.push({ frame: t, size });
  }
  found.sort((a, b) => Math.hypot(...b.size) - Math.hypot(...a.size));
  const kept: ColourStep[] = [];
  for (const s of found) if (kept.every((k) => Math.abs(k.frame - s.frame) > side + gap)) kept.push(s);
  return kept.sort((a, b) => a.frame - b.frame);
}

/**
 * Drops steps undone within REVERSAL_SECONDS by an opposite one: a colour excursion that
 * comes back (two flashes close together, a hand passing) is no change of the camera's.
 */
function withoutReversals(steps: ColourStep[], fps: number): ColourStep[] {
  const cos = (a: number[], b: number[]) => dot(a, b) / (Math.hypot(...a) * Math.hypot(...b) || 1);
  return steps.filter(
    (s) =>
      !steps.some(
        (o) => o !== s && Math.abs(o.frame - s.frame) <= REVERSAL_SECONDS * fps && cos(o.size, s.size) < -0.7,
      ),
  );
}

function agrees(own: number[], common: number[]): boolean {
  return dot(own, common) >= REGION_AGREEMENT * dot(common, common);
}

/**
 * The colour shift to divide out, [3][T] in log units: 0 before each step, its size after,
 * and through its settling the observed share of the way (along the step's direction only,
 * so the pulse's own colour change across it is kept).
 */
function shiftOf(ch: Float64Array[], steps: ColourStep[], fps: number, T: number): Float64Array[] {
  const { side, gap } = windows(fps);
  const shift = ch.map(() => new Float64Array(T));
  for (const s of steps) {
    const before = level(ch, s.frame - gap - side, s.frame - gap);
    const norm2 = dot(s.size, s.size);
    for (let t = s.frame - gap; t < T; t++) {
      let share = 1;
      if (t < s.frame + gap) {
        const along = ch.reduce((a, x, c) => a + (x[t] - before[c]) * s.size[c], 0) / norm2;
        share = Math.min(1, Math.max(0, along));
      }
      for (let c = 0; c < ch.length; c++) shift[c][t] += share * s.size[c];
    }
  }
  return shift;
}

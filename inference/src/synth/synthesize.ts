// Synthetic tensors with known truth: skin tones, PPG colour signature, sensor noise,
// illumination drift and motion, rendered to the uint8 [T,12,72,72] layout.
import { FRAME_BYTES, PLANE_BYTES, REGIONS, WIDTH } from "../tensor-format.js";
import { beatTrain, bloodVolume, sdnn, type Physiology } from "./physiology.js";
import { gaussian, seededRandom } from "./random.js";
import { regionMasks } from "./masks.js";
// Ratio-of-ratios calibration shared with the estimator, so the truth is consistent.
import { SPO2_A, SPO2_B } from "../vitals/spo2.js";

export type SynthOptions = Partial<Physiology> & {
  seed: number;
  frameCount?: number;
  fps?: number;
  spo2?: number;
  fitzpatrick?: number; // 1..6
  /** Per-pixel sensor noise std in grey levels (region means see about noise / 60). */
  noise?: number;
  /** Peak relative illumination change over the capture (0.05 = 5 %). */
  drift?: number;
  /** Number of head-motion events (brief intensity and specular changes). */
  motionEvents?: number;
  /**
   * Head turns: at each motion event the face slides sideways by up to this many pixels and
   * back (the crop lags the head), under a light from one side that stays put, so skin
   * moves through brighter and darker light and in and out of the crop. 0 (default): none.
   */
  headTurnPx?: number;
  /** false renders skin with no pulse at all (noise, drift and motion only). */
  pulse?: boolean;
  /** Relative pulse amplitude in green (typical rPPG: 0.3 % to 1 %). */
  pulseAmplitude?: number;
};

export type SynthTruth = {
  heartRate: number;
  sdnnMs: number;
  respiratoryRate: number;
  spo2: number;
  beatTimes: number[];
  pulse: boolean;
};

export type SynthResult = { frames: Uint8Array; frameCount: number; fps: number; truth: SynthTruth };

// Approximate linear-RGB skin reflectance by Fitzpatrick type, as a camera would see it.
export const SKIN_TONES: [number, number, number][] = [
  [226, 190, 168],
  [212, 166, 138],
  [190, 140, 108],
  [160, 112, 80],
  [118, 80, 56],
  [82, 54, 40],
];

export function synthesizeFrames(opts: SynthOptions): SynthResult {
  const fps = opts.fps ?? 30;
  const T = opts.frameCount ?? 720;
  const seconds = T / fps;
  const rand = seededRandom(opts.seed);
  const gauss = gaussian(rand);
  const phys: Physiology = {
    heartRate: opts.heartRate ?? 72,
    sdnnMs: opts.sdnnMs ?? 45,
    respiratoryRate: opts.respiratoryRate ?? 15,
  };
  const spo2 = opts.spo2 ?? 97;
  const hasPulse = opts.pulse ?? true;
  const tone = SKIN_TONES[Math.min(6, Math.max(1, opts.fitzpatrick ?? 3)) - 1];
  // Melanin absorbs part of the pulsatile light: darker skin, weaker signal.
  const amp = (opts.pulseAmplitude ?? 0.006) * (1 - 0.08 * ((opts.fitzpatrick ?? 3) - 1));
  const blue = 0.53;
  const signature = [blue * ((SPO2_A - spo2) / SPO2_B), 0.77, blue];

  const times = Float64Array.from({ length: T }, (_, i) => i / fps);
  const train = beatTrain(phys, seconds, opts.seed * 7919 + 1);
  const volume = hasPulse ? bloodVolume(train, phys.respiratoryRate, rand() * 6.283, times) : new Float64Array(T);
  const illumination = illuminationCurve(T, fps, opts.drift ?? 0.03, opts.motionEvents ?? 0, rand);

  const noiseStd = opts.noise ?? 3;
  const NOISE_LEN = 1 << 16;
  const noise = Float32Array.from({ length: NOISE_LEN }, () => noiseStd * gauss());
  const texture = Float32Array.from({ length: PLANE_BYTES }, () => 1 + 0.06 * gauss());
  const masks = regionMasks();
  const regionGain = [1.0, 0.95, 0.97, 0.9]; // regions differ in perfusion and lighting
  const turns = opts.headTurnPx ? headTurns(T, fps, opts.headTurnPx, illumination.events, rand) : undefined;

  const frames = new Uint8Array(T * FRAME_BYTES);
  for (let t = 0; t < T; t++) {
    const { gain, specular } = illumination.curve[t];
    const shift = turns ? turns[t] : 0;
    for (let r = 0; r < REGIONS; r++) {
      const mask = masks[r];
      for (let c = 0; c < 3; c++) {
        const level = tone[c] * regionGain[r] * gain * (1 - amp * signature[c] * volume[t]) + specular;
        const base = (t * 12 + r * 3 + c) * PLANE_BYTES;
        let off = (rand() * NOISE_LEN) | 0;
        for (let px = 0; px < PLANE_BYTES; px++) {
          // With a head turn, camera pixel px shows face pixel px - shift, lit by a side light.
          let face = px,
            light = 1;
          if (turns) {
            const x = px % WIDTH,
              fx = x - shift;
            if (fx < 0 || fx >= WIDTH) continue;
            face = px - shift;
            light = 1 + (SIDE_LIGHT * (x - WIDTH / 2)) / (WIDTH / 2);
          }
          if (mask[face] === 0) continue; // non-skin stays exactly (0,0,0)
          let v = level * light * texture[face] + noise[off++ & (NOISE_LEN - 1)] + 0.5;
          v = v < 1 ? 1 : v > 255 ? 255 : v; // skin never renders as (0,0,0)
          frames[base + px] = v | 0;
        }
      }
    }
  }
  const inWindow = train.beatTimes.filter((b) => b >= 0 && b < seconds);
  const ibis = inWindow.slice(1).map((b, i) => (b - inWindow[i]) * 1000);
  const meanIbi = ibis.reduce((a, b) => a + b, 0) / Math.max(1, ibis.length);
  return {
    frames,
    frameCount: T,
    fps,
    truth: {
      heartRate: hasPulse ? 60000 / meanIbi : 0,
      sdnnMs: hasPulse ? sdnn(ibis) : 0,
      respiratoryRate: hasPulse ? phys.respiratoryRate : 0,
      spo2,
      beatTimes: hasPulse ? inWindow : [],
      pulse: hasPulse,
    },
  };
}

/** Slow illumination drift plus motion events (a brief intensity dip and specular flash). */
function illuminationCurve(T: number, fps: number, drift: number, motionEvents: number, rand: () => number) {
  const slowF = 0.01 + 0.03 * rand();
  const ph = rand() * 6.283;
  const events = Array.from({ length: motionEvents }, () => ({
    at: (rand() * T) / fps,
    depth: 0.02 + 0.04 * rand(),
    spec: 2 + 6 * rand(),
  }));
  const curve = Array.from({ length: T }, (_, i) => {
    const t = i / fps;
    let gain = 1 + drift * (0.5 * Math.sin(2 * Math.PI * slowF * t + ph) + (t * fps) / T - 0.5);
    let specular = 0;
    for (const e of events) {
      const w = Math.exp(-0.5 * ((t - e.at) / 0.25) ** 2);
      gain -= e.depth * w;
      specular += e.spec * w;
    }
    return { gain, specular };
  });
  return { curve, events };
}

// Side light: +-25 % from one edge of the crop to the other.
const SIDE_LIGHT = 0.25;

/** Whole-pixel sideways shift per frame: each motion event slides the face out and back. */
function headTurns(T: number, fps: number, maxPx: number, events: { at: number }[], rand: () => number): Int32Array {
  const turns = events.map((e) => ({ at: e.at, px: maxPx * (rand() < 0.5 ? -1 : 1) * (0.5 + 0.5 * rand()) }));
  return Int32Array.from({ length: T }, (_, i) =>
    Math.round(turns.reduce((a, e) => a + e.px * Math.exp(-0.5 * ((i / fps - e.at) / 0.4) ** 2), 0)),
  );
}

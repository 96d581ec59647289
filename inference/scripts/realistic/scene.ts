// A synthetic face rendered to camera pixels, frame by frame: the generator's physiology
// (src/synth/physiology.ts) on a face with skin texture, uneven perfusion, eyes and mouth,
// a textured background, sensor noise, slow light drift, small head movements, and the
// phone's auto-exposure and white-balance steps. The client side (extract.ts) sees only
// the pixels that come back out of a real codec.
import { beatTrain, bloodVolume } from "../../src/synth/physiology.js";
import { gaussian, seededRandom } from "../../src/synth/random.js";
import { SKIN_TONES } from "../../src/synth/synthesize.js";

export type SceneOptions = {
  seed: number;
  fps: number;
  seconds: number;
  width: number;
  height: number;
  faceWidth: number; // px; cheek regions are 0.28 of it (25 px at 90)
  heartRate: number;
  respiratoryRate: number;
  sdnnMs: number;
  fitzpatrick: number;
  noise: number; // sensor noise std, grey levels
  exposureSteps: number; // auto-exposure jumps during the capture
  whiteBalanceSteps: number; // white-balance jumps
  moves: number; // small head movements
  /** Head movements in pixels scale by this (1: drawn for a ~100 px face). */
  motionScale?: number;
};

export type Scene = {
  frameCount: number;
  /** Face centre in pixels at frame t (what a face tracker follows). */
  centre: (t: number) => [number, number];
  /** Renders frame t as packed RGB24. */
  render: (t: number, out: Uint8Array) => void;
  truth: { heartRate: number; respiratoryRate: number };
};

/** Face-relative skin test: u, v in face widths from the centre (v down). */
export function isSkin(u: number, v: number): boolean {
  if ((u / 0.5) ** 2 + (v / 0.66) ** 2 > 1) return false;
  if (v < -0.42) return false; // hair line
  for (const [eu, ev] of [
    [-0.19, -0.12],
    [0.19, -0.12],
  ])
    if (((u - eu) / 0.11) ** 2 + ((v - ev) / 0.06) ** 2 <= 1) return false;
  if ((u / 0.16) ** 2 + ((v - 0.33) / 0.05) ** 2 <= 1) return false; // mouth
  return true;
}

export function makeScene(o: SceneOptions): Scene {
  const rand = seededRandom(o.seed);
  const gauss = gaussian(rand);
  const T = Math.round(o.seconds * o.fps);
  const times = Float64Array.from({ length: T }, (_, i) => i / o.fps);
  const train = beatTrain(
    { heartRate: o.heartRate, sdnnMs: o.sdnnMs, respiratoryRate: o.respiratoryRate },
    o.seconds,
    o.seed * 7919 + 1,
  );
  const volume = bloodVolume(train, o.respiratoryRate, rand() * 6.283, times);
  const tone = SKIN_TONES[o.fitzpatrick - 1];
  const amp = 0.006 * (1 - 0.08 * (o.fitzpatrick - 1));
  const signature = [0.53 * ((110 - 97) / 25), 0.77, 0.53];

  // Camera: light drift, auto-exposure and white-balance steps (each settles in ~0.3 s).
  const drift = 0.04 * rand();
  const driftF = 0.01 + 0.03 * rand(),
    driftPh = 6.283 * rand();
  const steps = (count: number, size: number) =>
    Array.from({ length: count }, () => ({
      at: 2 + rand() * (o.seconds - 4),
      by: (rand() < 0.5 ? -1 : 1) * size * (0.5 + 0.5 * rand()),
    }));
  const exposure = steps(o.exposureSteps, 0.12);
  const balance = [0, 1, 2].map(() => steps(o.whiteBalanceSteps, 0.05));
  const settle = (list: { at: number; by: number }[], t: number) =>
    list.reduce((a, s) => a * (1 + s.by / (1 + Math.exp(-(t - s.at) / 0.08))), 1);
  const m = o.motionScale ?? 1;
  const moves = Array.from({ length: o.moves }, () => ({ at: rand() * o.seconds, dx: 4 * gauss(), dy: 2 * gauss() }));
  for (const move of moves) {
    move.dx *= m;
    move.dy *= m;
  }
  const sway = { ax: 0.6 * rand() * m, fx: 0.1 + 0.2 * rand(), ph: 6.283 * rand() };

  const centre = (t: number): [number, number] => {
    const s = t / o.fps;
    let x = o.width / 2 + sway.ax * Math.sin(2 * Math.PI * sway.fx * s + sway.ph),
      y = o.height / 2;
    for (const m of moves) {
      const w = Math.exp(-0.5 * ((s - m.at) / 0.4) ** 2);
      x += m.dx * w;
      y += m.dy * w;
    }
    return [x, y];
  };

  // Static face texture and perfusion (forehead and cheeks stronger), in face pixels.
  const F = o.faceWidth,
    TW = Math.ceil(F * 1.4);
  const texture = Float32Array.from({ length: TW * TW }, () => 1 + 0.04 * gauss());
  const perfusion = new Float32Array(TW * TW);
  for (let j = 0; j < TW; j++)
    for (let i = 0; i < TW; i++) {
      const u = i / F - 0.7,
        v = j / F - 0.7;
      perfusion[j * TW + i] =
        0.7 +
        0.5 * Math.exp(-((v + 0.28) ** 2) / 0.02) +
        0.4 * Math.exp(-((Math.abs(u) - 0.2) ** 2 + (v - 0.12) ** 2) / 0.01);
    }
  const background = Float32Array.from({ length: o.width * o.height }, () => 70 + 25 * rand());
  const NOISE = 1 << 16;
  const noise = Float32Array.from({ length: NOISE }, () => o.noise * gauss());

  const render = (t: number, out: Uint8Array) => {
    const s = t / o.fps;
    const light = (1 + drift * Math.sin(2 * Math.PI * driftF * s + driftPh)) * settle(exposure, s);
    const gains = [0, 1, 2].map((c) => light * settle(balance[c], s));
    const [cx, cy] = centre(t);
    const pulse = amp * volume[t];
    let off = (rand() * NOISE) | 0;
    for (let y = 0; y < o.height; y++) {
      for (let x = 0; x < o.width; x++) {
        const u = (x - cx) / F,
          v = (y - cy) / F;
        const p = (y * o.width + x) * 3;
        if (!isSkin(u, v)) {
          const b = background[y * o.width + x] * light;
          for (let c = 0; c < 3; c++) out[p + c] = clampByte((b * gains[c]) / light + noise[off++ & (NOISE - 1)]);
          continue;
        }
        const k =
          Math.min(TW - 1, Math.max(0, Math.round((v + 0.7) * F))) * TW +
          Math.min(TW - 1, Math.max(0, Math.round((u + 0.7) * F)));
        const shade = texture[k] * (1 - 0.25 * Math.abs(u)); // rounder face: darker at the sides
        for (let c = 0; c < 3; c++)
          out[p + c] = clampByte(
            tone[c] * shade * gains[c] * (1 - pulse * signature[c] * perfusion[k]) + noise[off++ & (NOISE - 1)],
          );
      }
    }
  };
  const inWindow = train.beatTimes.filter((b) => b >= 0 && b < o.seconds);
  return {
    frameCount: T,
    centre,
    render,
    truth: {
      heartRate: (60 * (inWindow.length - 1)) / (inWindow[inWindow.length - 1] - inWindow[0]),
      respiratoryRate: o.respiratoryRate,
    },
  };
}

const clampByte = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v + 0.5) | 0;

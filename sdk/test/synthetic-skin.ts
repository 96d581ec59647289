// A skin's mean colour per frame with a known pulse, as the capture loops hand it to the live
// pulse (sdk/src/web/live-pulse.ts): a PPG-shaped blood-volume wave that darkens green most,
// under a slowly drifting light and white balance, with sensor noise and camera timing jitter.
// For the live pulse's tests and its cost script (scripts/bench/live-pulse.ts).

export type SyntheticSkinOptions = {
  /** Heart rate of the pulse, bpm; 0 for no pulse at all (noise and drift only). */
  bpm: number;
  seconds: number;
  fps?: number;
  /** Noise of each channel's mean, grey levels (sigma; 0.1 by default, against a pulse of 0.54 on green). */
  noise?: number;
  /** Share of the green the blood absorbs at a beat's peak (0.004 by default: 0.54 of 135 levels). */
  amplitude?: number;
  /** Camera timestamp jitter, ms (uniform +-). */
  jitterMs?: number;
  /** Every n-th frame is dropped (a busy page); 0 for none. */
  dropEvery?: number;
  seed?: number;
};

export type SyntheticSkin = {
  times: number[];
  colours: [number, number, number][];
  /** Blood volume (0..~1) at t ms. */
  bloodVolume: (t: number) => number;
};

const SKIN = [185, 135, 112];
// Relative absorption of R, G, B by blood (green most), as the e2e face video's.
const SIGNATURE = [0.33 / 0.77, 1, 0.53 / 0.77];

export function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const bump = (x: number, centre: number, width: number) => Math.exp(-0.5 * ((x - centre) / width) ** 2);

export function syntheticSkin(o: SyntheticSkinOptions): SyntheticSkin {
  const fps = o.fps ?? 30;
  const noise = o.noise ?? 0.1;
  const amplitude = o.amplitude ?? 0.004;
  const jitter = o.jitterMs ?? 3;
  const random = mulberry32(o.seed ?? 1);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const period = o.bpm > 0 ? 60 / o.bpm : Number.POSITIVE_INFINITY;
  const offset = random() * (Number.isFinite(period) ? period : 1);
  // A fast systolic rise, then the dicrotic wave (e2e/fixtures/pulse-waveform.ts).
  const bloodVolume = (ms: number) => {
    if (!Number.isFinite(period)) return 0;
    const phase = ((((ms / 1000 + offset) / period) % 1) + 1) % 1;
    return bump(phase, 0.2, 0.08) + 0.35 * bump(phase, 0.48, 0.1);
  };
  const times: number[] = [];
  const colours: [number, number, number][] = [];
  const frames = Math.round(o.seconds * fps);
  for (let f = 0; f < frames; f++) {
    if (o.dropEvery && f % o.dropEvery === o.dropEvery - 1) continue;
    const t = (f * 1000) / fps + (2 * random() - 1) * jitter;
    const s = t / 1000;
    // The light brightens 6% over the capture and sways 2%; the white balance wanders 1%.
    const light = 1 + (0.06 * s) / o.seconds + 0.02 * Math.sin((2 * Math.PI * s) / 23);
    const balance = [1 + 0.01 * Math.sin((2 * Math.PI * s) / 17), 1, 1 - 0.01 * Math.sin((2 * Math.PI * s) / 29)];
    const blood = bloodVolume(t);
    colours.push(
      SKIN.map((v, c) => v * light * balance[c]! * (1 - amplitude * SIGNATURE[c]! * blood) + noise * gauss()) as [
        number,
        number,
        number,
      ],
    );
    times.push(t);
  }
  return { times, colours, bloodVolume };
}

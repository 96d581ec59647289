// Motion and lighting events. A head movement changes the light on the skin by a few
// per cent within half a second: ten times the pulse. Left in, it owns the spectrum;
// so such frames are found from the overall intensity and bridged over before any
// spectral or beat analysis.
import type { ModelOutput } from "../model-runner.js";
import { median, movingMean } from "../dsp/stats.js";
import { REGIONS } from "../tensor-format.js";

/** Seconds each side of an event the pulse gives up: the model's 1.6 s window smears it ~0.8 s each way. */
export const PULSE_PAD_S = 1.0;

/** The pulse's motion mask: motionFrames padded by PULSE_PAD_S. */
export function motionMask(out: ModelOutput, fps: number, colour = false): Uint8Array {
  return padFrames(motionFrames(out, fps, colour), fps, PULSE_PAD_S);
}

/**
 * 1 for frames inside an abrupt excursion of the overall intensity or of one colour channel
 * (white balance), or of any region's skin area (the face sliding against the crop: a turn
 * under steady light can leave the intensity nearly flat while the skin under each region
 * changes). Unpadded: each series pads them as far as its own reading smears an event.
 */
export function motionFrames(out: ModelOutput, fps: number, colour = false): Uint8Array {
  const T = out.frames;
  const level = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    let s = 0;
    for (let k = 0; k < REGIONS * 3; k++) s += out.rgbMeans[t * REGIONS * 3 + k];
    level[t] = s;
  }
  const moving = excursions(level, fps, 0.002);
  // With `colour`, each colour on its own too: a white-balance step moves one channel by a
  // few per cent and leaves the intensity nearly flat, but in POS's colour space it is a
  // step ten times the pulse. Only colour events away (> 1.5 s) from an intensity event
  // count: a flash or a movement shifts the colours as well, and flagging its colour tail
  // again lengthened the masks and cost the breathing estimate (synthetic high noise RR
  // 1.2 -> 2.0 /min). Only the pulse candidates use it, for the same reason.
  if (colour) {
    const near = framesAwayFromMask(moving, Math.round(1.5 * fps));
    for (let c = 0; c < 3; c++) {
      const channel = new Float64Array(T);
      for (let t = 0; t < T; t++)
        for (let r = 0; r < REGIONS; r++) channel[t] += out.rgbMeans[(t * REGIONS + r) * 3 + c];
      excursions(channel, fps, 0.003).forEach((e, t) => {
        if (e && near[t]) moving[t] = 1;
      });
    }
  }
  for (let r = 0; r < REGIONS; r++) {
    const skin = new Float64Array(T);
    for (let t = 0; t < T; t++) skin[t] = out.skinFraction[t * REGIONS + r];
    excursions(skin, fps, 0.001).forEach((e, t) => {
      if (e) moving[t] = 1;
    });
  }
  return moving;
}

/** `moving` widened by `seconds` each side. */
export function padFrames(moving: Uint8Array, fps: number, seconds: number): Uint8Array {
  const T = moving.length;
  const mask = new Uint8Array(T);
  const pad = Math.round(seconds * fps);
  for (let t = 0; t < T; t++) {
    if (!moving[t]) continue;
    for (let k = Math.max(0, t - pad); k <= Math.min(T - 1, t + pad); k++) mask[k] = 1;
  }
  return mask;
}

/**
 * 1 where `x` departs from its 2 s running mean, relative to that mean, by more than 6 robust
 * SDs of such departures or `floor`, whichever is larger. A bump pulls the mean a little, but
 * far less than its own height.
 */
function excursions(x: Float64Array, fps: number, floor: number): Uint8Array {
  const mean = movingMean(x, 2 * Math.round(fps) + 1);
  const dev = x.map((v, t) => (mean[t] > 0 ? (v - mean[t]) / mean[t] : 0));
  const spread = 1.4826 * median(dev.map(Math.abs));
  const threshold = Math.max(6 * spread, floor);
  return Uint8Array.from(dev, (d) => (Math.abs(d) > threshold ? 1 : 0));
}

/** Replaces masked runs by a straight line between their unmasked neighbours (in place). */
export function bridgeMasked(x: Float64Array, mask: Uint8Array): Float64Array {
  const T = x.length;
  let t = 0;
  while (t < T) {
    if (!mask[t]) {
      t++;
      continue;
    }
    const start = t;
    while (t < T && mask[t]) t++;
    const left = start > 0 ? x[start - 1] : t < T ? x[t] : 0;
    const right = t < T ? x[t] : left;
    for (let k = start; k < t; k++) x[k] = left + ((right - left) * (k - start + 1)) / (t - start + 1);
  }
  return x;
}

export const maskedFraction = (mask: Uint8Array): number => mask.reduce((a, b) => a + b, 0) / Math.max(1, mask.length);

/** 1 for frames at least `margin` frames away from any masked frame. */
export function framesAwayFromMask(mask: Uint8Array, margin: number): Uint8Array {
  const T = mask.length;
  const dist = new Float64Array(T).fill(Infinity);
  let last = -Infinity;
  for (let t = 0; t < T; t++) {
    if (mask[t]) last = t;
    dist[t] = t - last;
  }
  last = Infinity;
  for (let t = T - 1; t >= 0; t--) {
    if (mask[t]) last = t;
    dist[t] = Math.min(dist[t], last - t);
  }
  return Uint8Array.from(dist, (d) => (d >= margin ? 1 : 0));
}

import { bandPass } from "../src/dsp/filters.js";
import { analyseBeats } from "../src/dsp/hrv.js";
import { powerSpectrum, spectralPeak } from "../src/dsp/spectrum.js";
import { std } from "../src/dsp/stats.js";
import { sdnn } from "../src/synth/physiology.js";
import { PULSE_HI_HZ, PULSE_LO_HZ } from "../src/vitals/pulse-candidates.js";
import type { Recording } from "./welltory.js";

/** The package's own post-processing (same band-pass, spectrum and beat analysis as a scan). */
export function analyseRecording(rec: Recording) {
  const x = bandPass(rec.signal, rec.fps, PULSE_LO_HZ - 0.1, PULSE_HI_HZ + 0.5);
  const s = std(x) || 1;
  for (let i = 0; i < x.length; i++) x[i] /= s;
  const f0 = spectralPeak(powerSpectrum(x, rec.fps, PULSE_LO_HZ, PULSE_HI_HZ, 0.01)).freq;
  const beats = analyseBeats(x, undefined, rec.fps, f0);
  const refMean = rec.rrMs.reduce((a, b) => a + b, 0) / rec.rrMs.length;
  return {
    hr: beats.heartRate,
    sdnn: beats.sdnnMs,
    refHr: 60000 / refMean,
    refSdnn: sdnn(rec.rrMs),
    kept: beats.intervals.keptFraction,
  };
}

// Loader for the Welltory camera-PPG recordings with Polar H10 chest-strap RR intervals.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { resampleUniform } from "../src/dsp/stats.js";

export const WELLTORY_DIR = process.env.WELLTORY_DIR ?? "/work/shared/data/welltory-ppg/data";

export type Recording = { name: string; fps: number; signal: Float64Array; rrMs: number[] };

export function welltoryAvailable(): boolean {
  return existsSync(WELLTORY_DIR);
}

/** Fingertip PPG resampled to a fixed rate, as a client would; red inverted (absorption up = signal up). */
export function loadRecordings(fps = 30): Recording[] {
  return readdirSync(WELLTORY_DIR)
    .filter((d) => d.startsWith("subject_"))
    .sort()
    .map((name) => {
      const lines = readFileSync(join(WELLTORY_DIR, name, "PPG.csv"), "utf8")
        .trim()
        .split("\n")
        .slice(1);
      const t: number[] = [],
        red: number[] = [];
      for (const line of lines) {
        const [ms, r] = line.split(",").map(Number);
        if (t.length && ms <= t[t.length - 1]) continue; // duplicate timestamps
        t.push(ms / 1000);
        red.push(-r);
      }
      const rrMs = readFileSync(join(WELLTORY_DIR, name, "RR.txt"), "utf8")
        .trim()
        .split(/\s+/)
        .map(Number)
        .filter((v) => v > 0);
      return { name, fps, signal: resampleUniform(t, red, fps), rrMs };
    });
}

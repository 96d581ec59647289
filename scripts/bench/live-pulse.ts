// npm run bench:live-pulse: the cost of the browser SDK's provisional live pulse
// (sdk/src/web/live-pulse.ts) on the capture's thread. Feeds 60 s of a synthetic skin colour at
// 30 fps (sdk/test/synthetic-skin.ts) frame by frame, as the capture loop does, and prints the
// time per frame (most frames only store their colour; twice a second one also works out the
// wave and the rate) and per reading, against the 33 ms between a 30 fps camera's frames.
import { loadavg } from "node:os";
import { LivePulse } from "../../sdk/src/web/live-pulse";
import { syntheticSkin } from "../../sdk/test/synthetic-skin";

const SECONDS = 60;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const skin = syntheticSkin({ bpm: 72, seconds: SECONDS, seed: 1 });
const frameMs: number[] = [];
const readingMs: number[] = [];
const storeMs: number[] = [];
let rates: (number | null)[] = [];

// The first round warms the JIT up; the figures are of the later rounds.
for (let round = 0; round <= ROUNDS; round++) {
  const live = new LivePulse();
  rates = [];
  for (const [i, t] of skin.times.entries()) {
    const started = performance.now();
    const reading = live.frame(t, skin.colours[i]);
    const ms = performance.now() - started;
    if (round === 0) continue;
    frameMs.push(ms);
    if (reading) {
      readingMs.push(ms);
      rates.push(reading.heartRate);
    } else storeMs.push(ms);
  }
}

const sorted = (xs: number[]) => xs.slice().sort((a, b) => a - b);
const at = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const mean = (xs: number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;
const f = (ms: number) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);

console.log(
  `Live pulse, ${SECONDS} s at 30 fps x ${ROUNDS} rounds, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `  per frame (all)      mean ${f(mean(frameMs))}, median ${f(at(frameMs, 0.5))}, p99 ${f(at(frameMs, 0.99))}`,
);
console.log(
  `  per reading          mean ${f(mean(readingMs))}, median ${f(at(readingMs, 0.5))}, max ${f(Math.max(...readingMs))} (${readingMs.length / ROUNDS} readings a round)`,
);
console.log(`  per frame (no reading) median ${f(at(storeMs, 0.5))}`);
const found = rates.filter((r) => r !== null) as number[];
console.log(
  `  rates of the last round (truth 72): ${Math.min(...found)}-${Math.max(...found)} bpm, ${rates.length - found.length} of ${rates.length} readings without a rate`,
);

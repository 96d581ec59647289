// npm run bench:capture -- --engine chromium|firefox|webkit [--engine ...]: the browser SDK in
// each engine, on the face fixture made as an MP4, scanned twice: as a camera (a canvas stream
// fed by the MP4 playing in the page, the one camera every engine can be given here) and as a
// picked file (WebCodecs). Prints the per-frame sampling cost (median, p95), the frames that
// reached the SDK and their gaps, the on-device pulse, and the heart rate and confidence the
// service's own pipeline (analyzeBuffer) reads from the tensor the SDK made. Then the same camera
// scanned by <vitals-scan> (its preview, overlay and live pulse drawn as a person sees them):
// the frames its capture kept and the pace warnings it showed.
import { statSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { type Engine, enginesFromArgs, openEngine } from "../../e2e/engines/engine-page";
import {
  type ElementScan,
  type EngineScan,
  fixtureSite,
  scanElementInEngine,
  scanInEngine,
} from "../../e2e/engines/engine-scan";
import { quantile } from "./quantile";

const SECONDS = Number(process.env.BENCH_CAPTURE_SECONDS ?? 20);
const pub = path.resolve(import.meta.dirname, "../../public");

async function benchEngines(engines: Engine[]) {
  if (!statSync(path.join(pub, "sdk", "vitals-web.js"), { throwIfNoEntry: false }))
    throw new Error("run npm run build:web (or npm run build) first");
  const site = await fixtureSite(SECONDS);
  console.log(
    `Browser capture per engine: face fixture at ${site.heartRate.toFixed(1)} bpm, ${SECONDS} s, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  try {
    for (const engine of engines) {
      const page = await openEngine(engine);
      try {
        await page.goto(`${site.server.url}/engine-harness`);
        for (const mode of ["camera", "file"] as const) {
          const scan = await scanInEngine(page, site, mode, SECONDS);
          console.log(`  ${page.version.padEnd(24)} ${mode.padEnd(6)} ${describe(scan)}`);
        }
        const element = await scanElementInEngine(page, site);
        console.log(`  ${page.version.padEnd(24)} <vitals-scan> camera ${describeElement(element)}`);
      } finally {
        await page.close();
      }
    }
  } finally {
    site.close();
  }
}

function describe(scan: EngineScan): string {
  const s = scan.stats;
  const cost = s
    ? `sampling median ${quantile(s.sampleMs, 0.5).toFixed(2)} ms p95 ${quantile(s.sampleMs, 0.95).toFixed(2)} ms; ${s.frames} frames at ${s.fps.toFixed(1)} fps; landmarks ${s.landmarkRefreshesPerSecond.toFixed(1)}/s`
    : "no stats";
  const t = scan.timestamps ?? [];
  const gaps = t.slice(1).map((v, i) => v - t[i]!);
  const times = gaps.length
    ? `; frame gaps median ${quantile(gaps, 0.5).toFixed(1)} ms p95 ${quantile(gaps, 0.95).toFixed(1)} ms max ${Math.max(...gaps).toFixed(0)} ms`
    : "";
  const pulse = scan.pulse ? `; device pulse ${scan.pulse.heartRate} (quality ${scan.pulse.quality.toFixed(2)})` : "";
  const out = scan.outcome;
  if (!scan.ok || !out) return `FAILED ${scan.error}; ${cost}${pulse}`;
  const read = out.ok
    ? `heart rate ${out.vitals.heart_rate} at confidence ${out.vitals.quality?.heart_rate?.confidence ?? out.vitals.confidence}`
    : `analysis ${out.error.code}`;
  return `${read}; ${cost}${times}${pulse}`;
}

function describeElement(scan: ElementScan): string {
  const slow = scan.pace.filter((p) => p.tooSlow).map((p) => p.fps.toFixed(1));
  const warned = slow.length ? `"too slow" shown at ${slow.join(", ")} fps` : "no pace warning";
  const kept = `${scan.frames} frames at ${(scan.frames / SECONDS).toFixed(1)} fps; ${warned}`;
  return scan.ok ? kept : `FAILED ${scan.error}; ${kept}`;
}

const args = process.argv.slice(2);
const picked = enginesFromArgs(args);
await benchEngines(picked);

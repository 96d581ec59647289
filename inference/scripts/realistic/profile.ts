// `npx tsx scripts/realistic/profile.ts [--small-faces] [--indices a,b,c]`: where one scan's
// seconds go, stage by stage (render, encode, decode, extract, model, post-processing).
// Render runs inside the encode (it feeds ffmpeg's stdin) and extract inside the decode
// (it consumes ffmpeg's stdout): "encode" and "decode" below are their wall time less the
// JavaScript stage inside them, i.e. mostly ffmpeg plus the pipe.
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runModel, setIntraOpThreads } from "../../src/model-runner.js";
import { FRAME_BYTES } from "../../src/tensor-format.js";
import { estimateVitals } from "../../src/vitals/estimate-vitals.js";
import { finalizeVitals } from "../../src/vitals/finalize.js";
import { gaussian, seededRandom } from "../../src/synth/random.js";
import { decode, encode, extensionOf } from "./codec.js";
import { extractRegions } from "./extract.js";
import { makeScene } from "./scene.js";
import { realisticCases } from "./set.js";

const argv = process.argv;
const count = 48;
const all = realisticCases(count, 0, { smallFaces: argv.includes("--small-faces") });
const indices = argv.includes("--indices")
  ? argv[argv.indexOf("--indices") + 1].split(",").map(Number)
  : // one scan of each codec at 30 fps (the set cycles codecs every 4 and frame rates every 1)
    [2, 10, 14];
setIntraOpThreads(1);
const dir = await mkdtemp(join(tmpdir(), "rppg-profile-"));
try {
  for (const i of indices) {
    const c = all[i];
    const scene = makeScene(c);
    let render = 0;
    const timedRender = (t: number, out: Uint8Array) => {
      const s = performance.now();
      scene.render(t, out);
      render += performance.now() - s;
    };
    const file = join(dir, `p-${i}.${extensionOf(c.codec)}`);
    let s = performance.now();
    await encode(
      file,
      c.codec,
      { width: c.width, height: c.height, fps: c.fps, kbps: c.kbps, frameCount: scene.frameCount },
      timedRender,
    );
    const encodeWall = performance.now() - s;
    const bytes = (await stat(file)).size;
    const tensor = new Uint8Array(scene.frameCount * FRAME_BYTES);
    const jitter = gaussian(seededRandom(c.seed + 17));
    let extract = 0;
    s = performance.now();
    const frames = await decode(file, c.width, c.height, (t, rgb) => {
      if (t >= scene.frameCount) return;
      const [x, y] = scene.centre(t);
      const e = performance.now();
      extractRegions(
        rgb,
        c.width,
        c.height,
        c.faceWidth,
        [x + c.jitterPx * jitter(), y + c.jitterPx * jitter()],
        tensor,
        t,
        c.areaAverage,
      );
      extract += performance.now() - e;
    });
    const decodeWall = performance.now() - s;
    const n = Math.min(frames, scene.frameCount);
    s = performance.now();
    const out = await runModel(tensor.subarray(0, n * FRAME_BYTES), n, c.fps);
    const model = performance.now() - s;
    s = performance.now();
    const est = estimateVitals(out, c.fps);
    if (est.ok) finalizeVitals(est.vitals);
    const post = performance.now() - s;
    const total = encodeWall + decodeWall + model + post;
    const ms = (v: number) => `${(v / 1000).toFixed(2)} s`;
    console.log(
      `#${i} ${c.codec} ${c.fps} fps ${c.width}x${c.height} face ${c.faceWidth} px cheek ${c.cheekPx} px ${n} frames ${c.kbps} kbps (${(bytes / 1024).toFixed(0)} KiB): ` +
        `render ${ms(render)}, encode ${ms(encodeWall - render)}, decode ${ms(decodeWall - extract)}, extract ${ms(extract)}, model ${ms(model)}, post ${ms(post)}; total ${ms(total)}`,
    );
    await rm(file, { force: true });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

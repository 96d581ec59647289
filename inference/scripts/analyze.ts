// npm run analyze -- FILE [--model PATH] [--age N] [--sex M|F|X] [--fitzpatrick N]
//                 npm run analyze -- --write-synthetic OUT [--gzip]   (a test scan to try)
// Prints the outcome (vitals + stage timings, or the typed failure) as JSON.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { encodeTensor, synthesizeFrames, type Demographics } from "../src/index.js";
import { analyzeFileHere } from "../src/pipeline.js";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
// npm runs workspace scripts inside inference/; paths are meant from where the command was typed.
const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

const synthArg = flag("--write-synthetic");
const synthOut = synthArg && fromCaller(synthArg);
if (synthOut) {
  const s = synthesizeFrames({ seed: 1, heartRate: 72, sdnnMs: 45, respiratoryRate: 15 });
  writeFileSync(
    synthOut,
    encodeTensor(s.frames, { frameCount: s.frameCount, fps: s.fps, gzip: args.includes("--gzip") }),
  );
  console.log(JSON.stringify({ written: synthOut, truth: { ...s.truth, beatTimes: undefined } }, null, 2));
  process.exit(0);
}

const file = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
if (!file) {
  console.error("usage: npm run analyze -- FILE [--model PATH] [--age N] [--sex M|F|X] [--fitzpatrick N]");
  process.exit(2);
}
const demographics: Demographics = {};
if (flag("--age")) demographics.age = Number(flag("--age"));
if (flag("--sex")) demographics.sex = flag("--sex") as Demographics["sex"];
if (flag("--fitzpatrick")) demographics.fitzpatrick = Number(flag("--fitzpatrick"));

const model = flag("--model");
const outcome = await analyzeFileHere(fromCaller(file), demographics, {
  modelPath: model ? fromCaller(model) : process.env.MODEL_PATH,
});
console.log(JSON.stringify(outcome, null, 2));
process.exit(outcome.ok ? 0 : 1);

// npm run build:web: the browser entry of the SDK, the <vitals-scan> element and its face-model worker, bundled with
// esbuild into public/sdk/ (a plain page can `import` /sdk/vitals-web.js, which loads its
// chunks from public/sdk/chunks/ when it needs them), and the face model and tfjs WebAssembly
// files copied from node_modules into public/models/, so nothing is fetched from a CDN. Part
// of npm run build; the output is git-ignored.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const pub = path.join(root, "public");
const from = (...p: string[]) => path.join(root, "node_modules", ...p);

/** The face detector and the 468-point mesh: the only models the worker loads. */
export const FACE_MODELS = ["blazeface.json", "blazeface.bin", "facemesh.json", "facemesh.bin"];

function copyAssets() {
  const human = path.join(pub, "models", "human");
  const tfjs = path.join(pub, "models", "tfjs");
  rmSync(path.join(pub, "models"), { recursive: true, force: true });
  mkdirSync(human, { recursive: true });
  mkdirSync(tfjs, { recursive: true });
  for (const name of FACE_MODELS) copyFileSync(from("@vladmandic", "human", "models", name), path.join(human, name));
  const wasmDir = from("@tensorflow", "tfjs-backend-wasm", "dist");
  for (const name of readdirSync(wasmDir).filter((n) => n.endsWith(".wasm")))
    copyFileSync(path.join(wasmDir, name), path.join(tfjs, name));
}

async function bundle() {
  rmSync(path.join(pub, "sdk"), { recursive: true, force: true });
  await build({
    entryPoints: {
      // The capture API alone (the element is not in it: a page with its own UI does not load it).
      "vitals-web": path.join(root, "sdk/src/web/capture-api.ts"),
      // <vitals-scan>: importing it registers the element (docs/sdk.md, "The <vitals-scan> element").
      "vitals-scan": path.join(root, "sdk/src/web/scan/register.ts"),
      "face-worker": path.join(root, "sdk/src/web/face-worker.ts"),
    },
    outdir: path.join(pub, "sdk"),
    bundle: true,
    // The MP4 reader is a chunk of its own (public/sdk/chunks/), loaded only for a video file.
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    sourcemap: true,
    legalComments: "linked",
    logLevel: "warning",
  });
}

copyAssets();
await bundle();

import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as ort from "onnxruntime-node";
import { beforeAll, describe, expect, it } from "vitest";
import { onnxModel } from "../src/video/onnx-writer.js";
import { type TfGraphModel, tfjsToOnnx } from "../src/video/tfjs-to-onnx.js";
import { NodeFaceModel } from "../src/video/index.js";

// The face mesh converted from the face model's own tfjs files and run on onnxruntime-node
// (sdk/src/video/onnx-face-mesh.ts) against the same files run by tfjs, as Human runs them.
const require = createRequire(import.meta.url);
const humanMain = require.resolve("@vladmandic/human");
const modelDir = path.join(path.dirname(humanMain), "..", "models");
const json = JSON.parse(readFileSync(path.join(modelDir, "facemesh.json"), "utf8")) as TfGraphModel;
const bin = readFileSync(path.join(modelDir, "facemesh.bin"));

type Tf = {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  loadGraphModel(url: string): Promise<{ execute(x: unknown): { shape: number[]; dataSync(): Float32Array }[] }>;
  tensor4d(values: Float32Array, shape: number[]): unknown;
};

let tfModel: Awaited<ReturnType<Tf["loadGraphModel"]>>;
let session: ort.InferenceSession;

beforeAll(async () => {
  const { Human } = require(path.join(path.dirname(humanMain), "human.node-wasm.js"));
  const human = new Human({
    backend: "wasm",
    wasmPath: `${path.dirname(require.resolve("@tensorflow/tfjs-backend-wasm"))}/`,
  });
  await human.init();
  const original = globalThis.fetch;
  globalThis.fetch = (async (url: string) => new Response(await readFile(new URL(url)))) as typeof fetch;
  try {
    tfModel = await (human.tf as Tf).loadGraphModel(pathToFileURL(path.join(modelDir, "facemesh.json")).href);
  } finally {
    globalThis.fetch = original;
  }
  session = await ort.InferenceSession.create(onnxModel(tfjsToOnnx(json, bin, [1, 192, 192, 3])));
  (globalThis as { tfOfTest?: Tf }).tfOfTest = human.tf;
}, 120_000);

/** A face-sized input the same for both: a smooth pattern with noise, in 0..1 as Human feeds it. */
function input(seed: number): Float32Array {
  let s = seed;
  return Float32Array.from({ length: 192 * 192 * 3 }, (_, i) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return 0.5 + 0.3 * Math.sin(i / 997) + 0.2 * (s / 2 ** 32 - 0.5);
  });
}

describe("the face mesh on onnxruntime-node", () => {
  it("gives what tfjs gives from the same files: the 468 points, the contours and the face score", async () => {
    const tf = (globalThis as { tfOfTest?: Tf }).tfOfTest!;
    for (const seed of [1, 2, 3]) {
      const x = input(seed);
      const fromTf = tfModel.execute(tf.tensor4d(x, [1, 192, 192, 3]));
      const fromOnnx = await session.run({ [session.inputNames[0]!]: new ort.Tensor("float32", x, [1, 192, 192, 3]) });
      expect(fromTf.map((t) => t.shape[1]).sort()).toEqual([1, 1404, 266].sort());
      for (const t of fromTf) {
        const expected = t.dataSync();
        const got = Object.values(fromOnnx).find((o) => o.dims[1] === t.shape[1])!.data as Float32Array;
        const worst = expected.reduce((w, v, i) => Math.max(w, Math.abs(v - got[i]!)), 0);
        // Points are in the 192-pixel crop: a thousandth of a pixel apart at most.
        expect(worst).toBeLessThan(1e-3);
      }
    }
  });

  it("refuses an op it does not convert, by name, and a weight file it cannot read", () => {
    const withUnknown = structuredClone(json);
    withUnknown.modelTopology.node.push({ name: "odd", op: "Atan2", input: ["input_1"] } as never);
    expect(() => tfjsToOnnx(withUnknown, bin, [1, 192, 192, 3])).toThrow("odd: op Atan2 is not converted");
    expect(() => tfjsToOnnx(json, bin.subarray(0, 1000), [1, 192, 192, 3])).toThrow();
  });

  it("is what the Node video scan's face model runs", async () => {
    const model = await NodeFaceModel.load();
    expect(model.meshRuntime).toBe("onnxruntime");
  }, 120_000);
});

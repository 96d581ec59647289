// The face mesh model on onnxruntime-node instead of tfjs's WebAssembly backend, for the Node
// video scan (docs/sdk.md, "From a video file in Node"): the same model file, converted at load
// (tfjs-to-onnx.ts), run natively, about five times faster; the rest of the face pipeline
// (detector, boxes, tracking) stays Human's. One thread, so a run's arithmetic, and so the
// tensor, does not depend on the machine's cores.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { onnxModel } from "./onnx-writer.js";
import { type TfGraphModel, tfjsToOnnx } from "./tfjs-to-onnx.js";

const require = createRequire(import.meta.url);

type Output = { data: Float32Array; dims: number[] };
type NativeSession = {
  loadModel(buffer: ArrayBuffer, offset: number, length: number, options: object): void;
  run(feeds: Record<string, unknown>, fetches: Record<string, null>, options: object): Record<string, Output>;
  inputMetadata: { name: string }[];
  outputMetadata: { name: string }[];
};
type Ort = {
  Tensor: new (type: "float32", data: Float32Array, dims: number[]) => unknown;
};
type Binding = { binding: { InferenceSession: new () => NativeSession }; initOrt(): void };

/** A tfjs tensor as much of it as this needs. */
type TfTensor = { shape: number[]; dataSync(): Float32Array | Int32Array | Uint8Array };
type TfLike = { tensor(values: Float32Array, shape: number[]): TfTensor };
export type GraphModelLike = { execute(input: TfTensor): TfTensor | TfTensor[] };

export const MESH_INPUT = [1, 192, 192, 3];

export type MeshExecute = GraphModelLike["execute"];

/**
 * An execute() for Human's face mesh model (read from `modelDir`) that runs it on
 * onnxruntime-node, or undefined when onnxruntime-node is not installed.
 */
export async function onnxMeshExecute(tf: TfLike, modelDir: string): Promise<MeshExecute | undefined> {
  let ort: Ort, native: Binding;
  try {
    ort = require("onnxruntime-node") as Ort;
    // The package's own synchronous run (its public run() is the same call behind a
    // setImmediate): Human calls the model's execute() synchronously.
    native = require("onnxruntime-node/dist/binding") as Binding;
  } catch {
    return undefined;
  }
  const bytes = await convertedMesh(modelDir);
  native.initOrt();
  const session = new native.binding.InferenceSession();
  session.loadModel(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
  });
  const inputName = session.inputMetadata[0]!.name;
  const fetches = Object.fromEntries(session.outputMetadata.map((o) => [o.name, null]));
  return (input: TfTensor) => {
    if (input.shape.join() !== MESH_INPUT.join())
      throw new Error(`face mesh input ${input.shape} is not ${MESH_INPUT}`);
    const values = input.dataSync();
    const x = values instanceof Float32Array ? values : Float32Array.from(values);
    const out = session.run({ [inputName]: new ort.Tensor("float32", x, MESH_INPUT) }, fetches, {});
    return Object.values(out).map((o) => tf.tensor(o.data, o.dims));
  };
}

/** The ONNX form of a model folder's face mesh, converted once a process (each load reuses it). */
const converted = new Map<string, Promise<Uint8Array>>();
function convertedMesh(modelDir: string): Promise<Uint8Array> {
  let bytes = converted.get(modelDir);
  if (!bytes) {
    bytes = (async () => {
      const json = JSON.parse(await readFile(path.join(modelDir, "facemesh.json"), "utf8")) as TfGraphModel;
      const bin = await readFile(path.join(modelDir, "facemesh.bin"));
      return onnxModel(tfjsToOnnx(json, bin, MESH_INPUT));
    })();
    // A failed read is not kept: the next load tries again.
    bytes.catch(() => converted.delete(modelDir));
    converted.set(modelDir, bytes);
  }
  return bytes;
}

// The browser SDK's face model in Node: @vladmandic/human (face detector + 468-point mesh) on
// tfjs's WebAssembly backend, with its models and .wasm files read from the installed
// packages. Nothing is fetched from the network. A file is tracked on its own frames: the
// detector refreshes by frame count, never by the clock, and every file starts the model from
// the same state (docs/sdk.md, "The same file gives the same tensor").
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CaptureError } from "../web/errors.js";
import { faceModelConfig } from "../web/face-model-config.js";
import { type GraphModelLike, type MeshExecute, onnxMeshExecute } from "./onnx-face-mesh.js";

const require = createRequire(import.meta.url);

type Mesh = [number, number, number?][];
type HumanLike = {
  load(): Promise<void>;
  detect(input: unknown): Promise<{ face: { mesh: Mesh; score: number }[] }>;
  tf: {
    tensor3d(
      values: Uint8Array | Float32Array,
      shape: [number, number, number],
      dtype: "int32" | "float32",
    ): { dispose(): void };
  } & Parameters<typeof onnxMeshExecute>[0];
  models: { models: { facemesh?: GraphModelLike } };
};

/** Where the face model's files are: the packages' own folders. */
function assets(): { humanBuild: string; models: string; wasm: string } {
  const humanMain = require.resolve("@vladmandic/human"); // dist/human.node.js
  const wasmMain = require.resolve("@tensorflow/tfjs-backend-wasm"); // dist/…
  return {
    humanBuild: path.join(path.dirname(humanMain), "human.node-wasm.js"),
    models: path.join(path.dirname(humanMain), "..", "models"),
    wasm: path.dirname(wasmMain),
  };
}

/**
 * tfjs reads the models with the global fetch, which in Node does not read file: URLs. For
 * the load only, file: URLs are answered from disk; everything else goes to the real fetch.
 */
async function withFileUrls<T>(run: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith("file:")) return original(input, init);
    return new Response(await readFile(new URL(url)));
  }) as typeof fetch;
  try {
    return await run();
  } finally {
    globalThis.fetch = original;
  }
}

export type MeshRuntime = "onnxruntime" | "tfjs-wasm";

/** Human's own run of its mesh model (one model object for every instance), before any swap. */
const tfjsMesh = new WeakMap<GraphModelLike, MeshExecute>();

export class NodeFaceModel {
  readonly #human: HumanLike;
  /** The file being tracked: one at a time, as the model's caches follow one sequence of frames. */
  #turn: Promise<unknown> = Promise.resolve();
  /** What runs the mesh model: onnxruntime-node where installed, else tfjs's WebAssembly. */
  readonly meshRuntime: MeshRuntime;
  /** The mesh model's run for this model's files (Human holds one mesh model for every instance). */
  readonly #meshExecute: MeshExecute;
  #floats = new Float32Array(0);

  private constructor(human: HumanLike, meshRuntime: MeshRuntime, meshExecute: MeshExecute) {
    this.#human = human;
    this.meshRuntime = meshRuntime;
    this.#meshExecute = meshExecute;
  }

  /**
   * Loads the detector and the mesh model; CaptureError "face-model" when they cannot load.
   * `meshRuntime: "tfjs-wasm"` keeps the mesh on tfjs (as the browser runs it) even where
   * onnxruntime-node is installed.
   */
  static async load(options: { meshRuntime?: MeshRuntime } = {}): Promise<NodeFaceModel> {
    try {
      const where = assets();
      const { Human } = require(where.humanBuild) as { Human: new (config: object) => HumanLike };
      const human = new Human(
        faceModelConfig(`${where.wasm}${path.sep}`, `${pathToFileURL(where.models).href}/`, "frames"),
      );
      await withFileUrls(() => human.load());
      const mesh = human.models.models.facemesh;
      if (!mesh) throw new Error("no face mesh model");
      if (!tfjsMesh.has(mesh)) tfjsMesh.set(mesh, mesh.execute.bind(mesh));
      const onnx = options.meshRuntime === "tfjs-wasm" ? undefined : await onnxMeshExecute(human.tf, where.models);
      return new NodeFaceModel(human, onnx ? "onnxruntime" : "tfjs-wasm", onnx ?? tfjsMesh.get(mesh)!);
    } catch (err) {
      throw new CaptureError("face-model", `the face model did not load: ${(err as Error).message}`, { cause: err });
    }
  }

  /**
   * Runs `track` (which calls landmarks() on one file's frames, in order) once the files before
   * it are done, from the state every file starts from. Human keeps, between calls and across
   * instances, the last frame (to decide whether the next one changed enough to look again),
   * the last face box and a count of frames since the detector ran: left from the file before,
   * they would decide the first frames of this one. One blank frame of another size clears all
   * three: its size makes it a "changed" frame (the detector runs, finds nothing, so no box is
   * kept), and the first frame of the file, of a different size again, is "changed" too.
   */
  async trackFile<T>(width: number, height: number, track: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(async () => {
      this.#human.models.models.facemesh!.execute = this.#meshExecute;
      const side = width === 64 && height === 64 ? 32 : 64;
      const blank = this.#human.tf.tensor3d(new Uint8Array(side * side * 3), [side, side, 3], "int32");
      try {
        await this.#human.detect(blank);
      } finally {
        blank.dispose();
      }
      return track();
    });
    this.#turn = run.catch(() => undefined);
    return run;
  }

  /** The 468 mesh points (x0, y0, x1, y1, … in frame pixels) of the face in `rgb`, or undefined. */
  async landmarks(rgb: Uint8Array, width: number, height: number): Promise<Float32Array | undefined> {
    // As floats, which the model works in: no cast of the whole frame inside the model.
    if (this.#floats.length !== rgb.length) this.#floats = new Float32Array(rgb.length);
    this.#floats.set(rgb);
    const input = this.#human.tf.tensor3d(this.#floats, [height, width, 3], "float32");
    try {
      const face = (await this.#human.detect(input)).face[0];
      if (!face || face.mesh.length < 468) return undefined;
      const mesh = new Float32Array(face.mesh.length * 2);
      face.mesh.forEach((p, i) => {
        mesh[2 * i] = p[0];
        mesh[2 * i + 1] = p[1];
      });
      return mesh;
    } finally {
      input.dispose();
    }
  }
}

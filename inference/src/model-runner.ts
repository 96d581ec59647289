import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import * as ort from "onnxruntime-node";
import { PLANE_BYTES, CHANNELS, REGIONS } from "./tensor-format.js";

/** The committed model; the service overrides it with MODEL_PATH via `modelPath`. */
export const DEFAULT_MODEL_PATH = fileURLToPath(new URL("../models/pulse-v1.onnx", import.meta.url));

/** Model outputs, row-major: rgbMeans [T,4,3], skinFraction [T,4], pulse [T,4], pulse_pbv [T,4]. */
export type ModelOutput = {
  frames: number;
  rgbMeans: Float32Array;
  skinFraction: Float32Array;
  pulse: Float32Array;
  /** Optional second extraction [T,4] (PBV in the committed model). */
  pulsePbv?: Float32Array;
};

export class ModelError extends Error {
  constructor(
    readonly code: "MODEL_LOAD_FAILED" | "MODEL_RUN_FAILED" | "MODEL_CONTRACT",
    message: string,
  ) {
    super(message);
    this.name = "ModelError";
  }
}

// One session per model path per thread: creating a session costs ~50 ms, running it less.
const sessions = new Map<string, Promise<ort.InferenceSession>>();
let intraOpThreads = Math.max(1, availableParallelism());

/**
 * Threads ONNX Runtime may use per session. The pool gives each worker its share of the
 * cores, so N busy workers do not run N x cores threads on the machine.
 */
export function setIntraOpThreads(n: number): void {
  intraOpThreads = Math.max(1, Math.floor(n));
}

export function loadModel(modelPath: string = DEFAULT_MODEL_PATH): Promise<ort.InferenceSession> {
  let s = sessions.get(modelPath);
  if (!s) {
    s = ort.InferenceSession.create(modelPath, {
      executionProviders: ["cpu"],
      graphOptimizationLevel: "all",
      intraOpNumThreads: intraOpThreads,
      interOpNumThreads: 1,
    }).catch((e: unknown) => {
      sessions.delete(modelPath);
      throw new ModelError("MODEL_LOAD_FAILED", `cannot load model ${modelPath}: ${(e as Error).message}`);
    });
    sessions.set(modelPath, s);
  }
  return s;
}

export async function runModel(
  frames: Uint8Array,
  frameCount: number,
  fps: number,
  modelPath?: string,
): Promise<ModelOutput> {
  const session = await loadModel(modelPath);
  let result: ort.InferenceSession.ReturnType;
  try {
    result = await session.run({
      frames: new ort.Tensor("uint8", frames, [frameCount, CHANNELS, 72, 72]),
      fps: new ort.Tensor("float32", Float32Array.of(fps), [1]),
    });
  } catch (e) {
    throw new ModelError("MODEL_RUN_FAILED", `model run failed: ${(e as Error).message}`);
  }
  const out = {
    frames: frameCount,
    rgbMeans: expectFloat(result, "rgb_means", frameCount * REGIONS * 3),
    skinFraction: expectFloat(result, "skin_fraction", frameCount * REGIONS),
    pulse: expectFloat(result, "pulse", frameCount * REGIONS),
    pulsePbv: result.pulse_pbv ? expectFloat(result, "pulse_pbv", frameCount * REGIONS) : undefined,
  };
  return out;
}

function expectFloat(result: ort.InferenceSession.ReturnType, name: string, size: number): Float32Array {
  const t = result[name];
  if (t?.type !== "float32" || t.data.length !== size) {
    throw new ModelError("MODEL_CONTRACT", `model output "${name}" must be float32 with ${size} values`);
  }
  return t.data as Float32Array;
}

export const FRAME_PIXELS = PLANE_BYTES;

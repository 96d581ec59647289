// Public interface of @vitals/inference. Consumed as compiled JS from dist/.
export type {
  AnalyzeOutcome,
  Demographics,
  InferencePool,
  QualityReason,
  StageTimings,
  Vitals,
  VitalsQuality,
  Waveform,
  Waveforms,
} from "./types.js";
export { analyzeBuffer, analyzeReduced } from "./pipeline.js";
export { StreamReducer, type ReducedTensor } from "./stream-reducer.js";
export { createInferencePool, DEFAULT_TIMEOUT_MS } from "./pool.js";
export { encodeTensor, decodeTensor, type DecodedTensor, type EncodeOptions } from "./tensor-codec.js";
export {
  TensorError,
  TENSOR_ERROR_CODES,
  parseHeader,
  FRAME_BYTES,
  HEADER_BYTES,
  MAX_INFLATE_RATIO,
  type TensorErrorCode,
  type TensorHeader,
} from "./tensor-format.js";
export { synthesizeFrames, type SynthOptions, type SynthResult, type SynthTruth } from "./synth/synthesize.js";
export { DEFAULT_MODEL_PATH } from "./model-runner.js";

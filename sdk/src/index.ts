// Public interface of @vitals/sdk.
export {
  VitalsClient,
  type CallOptions,
  type IncludeOptions,
  type MeasureOptions,
  type MeasureStage,
  type MintClientTokenOptions,
  type PollOptions,
  type ReferenceOptions,
  type StartSessionOptions,
  type TensorBody,
  type UploadResult,
  type VitalsClientOptions,
} from "./client.js";
export { InvalidApiKeyError, PollTimeoutError, VitalsApiError, VitalsNetworkError, type ErrorBody } from "./errors.js";
export { credentialKind, validateApiKey, type CredentialKind, type KeyEnvironment } from "./api-key.js";
export { parseRateLimit, parseRetryAfter, parseUsage } from "./headers.js";
export { inspectTensor, TENSOR_HEADER_BYTES, type TensorHeaderInfo } from "./tensor.js";
export { DEFAULT_CAPTURE_GRID, TENSOR_GRIDS, type TensorGrid } from "./tensor-grid.js";
export {
  crc32Update,
  encodeTensor,
  tensorHeader,
  TENSOR_FRAME_BYTES,
  type EncodeTensorOptions,
  type HeaderFields,
} from "./encode-tensor.js";
export {
  ChunkedUpload,
  takesChunks,
  type ChunkedUploadOptions,
  type ChunkedUploadStats,
} from "./chunked-upload.js";
export type * from "./types.js";
export {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookEvent,
} from "./webhooks.js";

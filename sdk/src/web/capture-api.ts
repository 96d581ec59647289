// The capture half of @vitals/sdk/web (public/sdk/vitals-web.js): a scan from a camera or a video,
// in the browser, under a page's own UI. index.ts adds <vitals-scan>.
export { VitalsCapture, type CaptureOptions, type CaptureSource, type CaptureStats } from "./capture.js";
export { CaptureError, type CaptureFailure } from "./errors.js";
export type { CaptureEvents, CaptureStage, Listener, PulseReading } from "./events.js";
export type { Box, RegionLayout } from "./face-regions.js";
export { VitalsApiError, VitalsNetworkError, InvalidApiKeyError } from "../errors.js";
export type { Demographics, Result, ResultInclude, Vitals, Waveform, Waveforms, WithMeta } from "../types.js";
export { DEFAULT_CAPTURE_GRID, TENSOR_GRIDS, type TensorGrid } from "../tensor-grid.js";

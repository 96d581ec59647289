// @vitals/sdk/video: a scan's tensor from a video file in Node (docs/sdk.md, "From a video file
// in Node"). Needs ffmpeg and ffprobe on the PATH; the face model comes with the packages.
export { tensorFromVideo, type VideoTensor, type VideoTensorOptions } from "./video-capture.js";
export { frameReportLine, type VideoFrameReport } from "./frame-report.js";
export { NodeFaceModel } from "./face-model.js";
export { probeVideo, type VideoInfo } from "./decode.js";
export { CaptureError, type CaptureFailure } from "../web/errors.js";

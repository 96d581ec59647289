// The tensor of a capture, in the browser and in Node alike (docs/sdk.md, "How the tensor is
// built"): the frames from the first to the last usable one, at the capture's measured rate
// (as much of it as a tensor holds), gzipped.
import { encodeTensor } from "../encode-tensor.js";
import type { TensorGrid } from "../tensor-grid.js";
import { CaptureError } from "./errors.js";
import { fitToTensor, measuredFps, resampleFrames } from "./resample.js";

export type CapturedFrames = {
  frames: Uint8Array[];
  /** Capture time of each frame, ms. */
  timestamps: number[];
  usable: boolean[];
};

export type CaptureTensor = { tensor: Uint8Array; fps: number; frameCount: number; timestamps: number[] };

/** The tensor, and the index in `captured` of its first frame. */
export type BuiltTensor = CaptureTensor & { first: number };

/**
 * `endedAt`: when the capture's last frame was taken (Unix seconds), for the tensor's capture
 * time; `grid`: the tensor's (docs/tensor-format.md). A capture the service would refuse (too
 * short, an odd rate) is not worth a scan: CaptureError "not-enough-signal".
 */
export async function tensorFromCapture(
  captured: CapturedFrames,
  endedAt = Date.now() / 1000,
  grid: TensorGrid = 72,
): Promise<BuiltTensor> {
  const first = captured.usable.indexOf(true),
    last = captured.usable.lastIndexOf(true);
  if (first < 0) throw new CaptureError("not-enough-signal", "not enough usable signal: no usable frame");
  const usable = captured.timestamps.slice(first, last + 1);
  const { keep, fps } = fitToTensor(usable, measuredFps(usable));
  const timestamps = usable.slice(0, keep);
  const { data, frameCount } = resampleFrames(captured.frames.slice(first, first + keep), timestamps, fps);
  try {
    const spanSeconds = (timestamps[timestamps.length - 1]! - timestamps[0]!) / 1000;
    const captureStartedAt = Math.floor(endedAt - spanSeconds);
    const tensor = await encodeTensor(data, { fps, gzip: true, captureStartedAt, grid });
    return { tensor, fps, frameCount, timestamps, first };
  } catch (err) {
    throw new CaptureError("not-enough-signal", `not enough usable signal: ${(err as Error).message}`, { cause: err });
  }
}

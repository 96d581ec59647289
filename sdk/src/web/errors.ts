// Why a capture ended without vitals. `reason` is stable for code to switch on; `message` is
// for people.

export type CaptureFailure =
  /** Too few seconds with a face, enough light and little motion: nothing was uploaded. */
  | "not-enough-signal"
  /** abort() was called. */
  | "aborted"
  /** The face model or its worker could not be loaded (assetsBaseUrl wrong, no WebAssembly). */
  | "face-model"
  /** The video source gave no frames (camera refused, stream ended, video not playable). */
  | "source";

export class CaptureError extends Error {
  override readonly name = "CaptureError";
  /**
   * True when the capture had already started its session (uploading while capturing) and so
   * spent a scan; its partial upload is deleted with the session when it expires.
   */
  readonly scanUsed: boolean;
  constructor(
    readonly reason: CaptureFailure,
    message: string,
    options?: { cause?: unknown; scanUsed?: boolean },
  ) {
    super(message, options);
    this.scanUsed = options?.scanUsed ?? false;
  }
}

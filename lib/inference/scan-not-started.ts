/**
 * The scan never started: no inference thread was free in time, or the queue could not be
 * reached. Nothing ran and the tensor is untouched, so the caller answers 503 and opens the
 * session again for a retry (docs/api.md, upload-complete).
 */
export class ScanNotStartedError extends Error {
  constructor(
    message: string,
    /** What the client is told, in the 503's message. */
    readonly answer: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = "ScanNotStartedError";
  }
}

/**
 * The scan never started: no inference thread was free in time, or the queue could not be
 * reached. Nothing ran and the tensor is untouched, so the caller answers 503 and opens the
 * session again for a retry (docs/api.md, upload-complete).
 */
export class ScanNotStartedError extends Error {
  /** What the client is told, in the 503's message: why, then what to do. */
  readonly answer: string;

  constructor(message: string, why: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ScanNotStartedError";
    this.answer = `${why}; nothing was measured. Send upload-complete again.`;
  }
}

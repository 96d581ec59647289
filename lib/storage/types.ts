/** One stored object as the orphan sweep sees it; `ref` is what deleteObject takes back. */
export type StoredObject = { ref: string; sessionId: string; modifiedAt: Date; partial: boolean };

/**
 * Where tensors live between upload and processing. The session workflow talks only to this,
 * so the default driver (this app hosts the upload) and S3 (the client PUTs straight to the
 * bucket) behave the same from upload-complete on.
 */
export interface TensorStorage {
  /** The address the client PUTs the tensor to, valid until the session expires. */
  uploadUrl(sessionId: string, expiresAt: Date): Promise<string>;
  /** The size of the complete tensor uploaded for this session, or null when there is none. */
  tensorBytes(sessionId: string): Promise<number | null>;
  /**
   * Runs fn with a local file holding the tensor (inference workers read files). Throws
   * TensorUnreadableError when the stored object cannot be used (e.g. larger than allowed).
   */
  withLocalCopy<T>(sessionId: string, fn: (path: string) => Promise<T>): Promise<T>;
  deleteTensor(sessionId: string): Promise<void>;
  listObjects(): Promise<StoredObject[]>;
  deleteObject(ref: string): Promise<void>;
}

export class TensorUnreadableError extends Error {}

import type { StoredObject, TensorStorage } from "./types";
import { deleteStoredObject, deleteTensor, listStoredObjects, tensorBytes, tensorPath } from "./tensor-store";
import { signedUploadUrl } from "./upload-url";

/**
 * The default driver: this app hosts the signed upload target (PUT /upload/{id}), which
 * streams to STORAGE_DIR and enforces the size limit itself, so the file is already local.
 */
export function localTensorStorage(): TensorStorage {
  return {
    uploadUrl: async (sessionId, expiresAt) => signedUploadUrl(sessionId, expiresAt),
    // The upload is renamed into place only when whole, so an existing file is a complete tensor.
    tensorBytes: (sessionId) => tensorBytes(sessionId),
    withLocalCopy: (sessionId, fn) => fn(tensorPath(sessionId)),
    deleteTensor,
    listObjects: async (): Promise<StoredObject[]> =>
      (await listStoredObjects()).map((o) => ({ ref: o.file, sessionId: o.sessionId, modifiedAt: o.modifiedAt, partial: o.file.endsWith(".part") })),
    deleteObject: deleteStoredObject,
  };
}

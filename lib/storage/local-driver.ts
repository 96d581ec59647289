import { closedChunks, joinedTensor } from "./local-chunks";
import { deleteStoredObject, deleteTensor, listStoredObjects, tensorBytes } from "./local-storage";
import type { StoredObject, TensorStorage } from "./types";
import { signedUploadUrl } from "./upload-url";

/**
 * The default driver: this app hosts the signed upload target (PUT /upload/{id}), which
 * streams to STORAGE_DIR and enforces the size limit itself, so the file is already local.
 */
export function localTensorStorage(): TensorStorage {
  return {
    uploadUrl: async (sessionId, expiresAt) => signedUploadUrl(sessionId, expiresAt),
    // A whole upload is renamed into place only when whole, so an existing file is a complete
    // tensor; a chunked one is complete once its header closed it (local-chunks.ts).
    tensorBytes: async (sessionId) => (await closedChunks(sessionId))?.bytes ?? tensorBytes(sessionId),
    withLocalCopy: async (sessionId, fn) => fn(await joinedTensor(sessionId)),
    deleteTensor,
    listObjects: async (): Promise<StoredObject[]> =>
      (await listStoredObjects()).map((o) => ({
        ref: o.file,
        sessionId: o.sessionId,
        modifiedAt: o.modifiedAt,
        partial: o.file.endsWith(".part"),
      })),
    deleteObject: deleteStoredObject,
  };
}

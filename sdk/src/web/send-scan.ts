// The capture's requests once the tensor is built: session start, upload, upload-complete (with
// what `include` asks for). Apart from the capture so it runs, and is tested, without a camera.
import type { VitalsClient } from "../client.js";
import type { Demographics, Result, ResultInclude, WithMeta } from "../types.js";
import type { Emitter } from "./events.js";

export type SendScanOptions = {
  demographics?: Demographics;
  include?: readonly ResultInclude[];
  signal: AbortSignal;
};

/** Starts a session, uploads the tensor, emits `analysing` and answers upload-complete's result. */
export async function sendScan(
  client: VitalsClient,
  tensor: Uint8Array,
  options: SendScanOptions,
  events: Emitter,
): Promise<WithMeta<Result>> {
  const { signal } = options;
  const session = await client.startSession({ demographics: options.demographics, signal });
  await client.uploadTensor(session, tensor, { signal });
  events.emit("stage", { stage: "analysing" });
  return client.completeUpload(session.session_id, { signal, include: options.include });
}

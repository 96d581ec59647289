import { ApiError } from "@/lib/http/errors";
import { readJson } from "@/lib/http/read-json";
import { json } from "@/lib/http/respond";
import type { SdkContext } from "@/lib/http/with-api-key";
import { completeUpload } from "./complete-upload";
import { getResult } from "./get-result";
import { canonicalSessionId, uploadCompleteBody } from "./schemas";

// Shared by both path forms of each endpoint, so the two can never drift apart.

export async function handleUploadComplete(ctx: SdkContext): Promise<Response> {
  const { req, key, now, params } = ctx;
  const body = uploadCompleteBody.parse(await readJson(req));
  const id = canonicalSessionId(body.session_id);
  const pathId = params.sessionId;
  if (pathId !== undefined && canonicalSessionId(String(pathId)) !== id) {
    throw new ApiError("INVALID_REQUEST", "The session id in the path differs from the body's session_id");
  }
  return json(fileUnderReference(ctx, await completeUpload(key, id, now, wantsWaveforms(req))));
}

export async function handleGetResult(ctx: SdkContext): Promise<Response> {
  const { req, key, now, params } = ctx;
  return json(
    fileUnderReference(
      ctx,
      await getResult(key, canonicalSessionId(String(params.sessionId)), now, wantsWaveforms(req)),
    ),
  );
}

/** The request log files the entry under the scan's reference, when it has one. */
function fileUnderReference<T extends object>(ctx: SdkContext, answer: T): T {
  const reference = "client_reference_id" in answer ? answer.client_reference_id : undefined;
  if (ctx.subject && typeof reference === "string") ctx.subject.clientReferenceId = reference;
  return answer;
}

/**
 * `?include=waveform` (comma-separated; the only value known today). Anything else is a 400,
 * an empty or padded item too (`include=`, `waveform,`, `waveform%20`): a typo must not pass
 * as "no waveforms" or be guessed at.
 */
function wantsWaveforms(req: Request): boolean {
  const include = new URL(req.url).searchParams.getAll("include").flatMap((v) => v.split(","));
  const unknown = include.find((v) => v !== "waveform");
  if (unknown !== undefined)
    throw new ApiError("INVALID_REQUEST", `Unknown include value: ${JSON.stringify(unknown)} (supported: waveform)`);
  return include.length > 0;
}

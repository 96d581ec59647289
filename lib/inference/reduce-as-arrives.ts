import { readFile } from "node:fs/promises";
import type { ReducedTensor, StreamReducer, TensorError } from "@vitals/inference";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";

// With the default storage driver, the default model and the in-process pool, a chunked upload's
// body is reduced as it arrives (docs/inference.md, "Reduced as it arrives"): each chunk, once
// linked in, is inflated and reduced frame by frame here, so upload-complete only runs the
// post-processing. The reduction lives in this process only: a chunk served by another
// instance, a restart, or anything out of order drops it, and upload-complete then reads the
// file as always. It is health data like the tensor and goes with it (forgetReduction).

/** How long upload-complete waits for a reduction to settle before reading the file instead. */
export const REDUCTION_WAIT_MS = 5_000;
/**
 * Reductions one session may start (an upload started again, after a whole PUT, begins another):
 * past them its chunks are only stored, and upload-complete reads the file on an inference thread.
 * So resending one chunk costs this process's main thread nothing more.
 */
export const MAX_REDUCTIONS_PER_SESSION = 3;

type Entry = {
  /** Set once the inference package is loaded (the first chunk waits for it). */
  reducer?: StreamReducer;
  /** The offset the next chunk must start at to be fed. */
  end: number;
  /** Feeding is sequential: each chunk waits for the one before. */
  chain: Promise<void>;
  /** Set once the header closed the upload: the reduction, or the tensor's rule it broke. */
  done?: Promise<ReducedTensor | TensorError | null>;
  createdAt: number;
};

const globalForReductions = globalThis as unknown as {
  __vitalsReductions?: Map<string, Entry>;
  __vitalsReductionStarts?: Map<string, { count: number; at: number }>;
};
globalForReductions.__vitalsReductions ??= new Map();
globalForReductions.__vitalsReductionStarts ??= new Map();
const entries = globalForReductions.__vitalsReductions;
/** Reductions started per session: outlives the entries, which a reset drops. */
const starts = globalForReductions.__vitalsReductionStarts;

/** A reduction's outcome for the chunk that fed it: `bomb` when its gzip inflates past the ratio. */
export type ChunkReduced = { bomb: false } | { bomb: true; why: string };
const NOT_REDUCED: ChunkReduced = { bomb: false };

/** Drops a session's reduction and stops the work still queued on it (nobody will read it). */
function drop(sessionId: string, why: string): void {
  entries.get(sessionId)?.reducer?.abort(why);
  entries.delete(sessionId);
}

type InferenceModule = typeof import("@vitals/inference");
function inference(): Promise<InferenceModule> {
  // As in analyze-tensor.ts: loaded by Node at run time, never bundled.
  const specifier = "@vitals/inference";
  return import(/* webpackIgnore: true */ /* turbopackIgnore: true */ specifier) as Promise<InferenceModule>;
}

/** Whether this deployment reduces chunked uploads as they arrive. */
export function reducesAsArrives(): boolean {
  const e = env();
  return e.STORAGE_DRIVER === "local" && e.INFERENCE_QUEUE === "pool" && !e.MODEL_PATH;
}

/**
 * Bytes first..end-1 were linked in from `file`: fed to the session's reduction, in order.
 * `grid`: the planes' size the first chunk announced. Settles once this chunk is reduced, so
 * the chunk's answer waits for it: a client cannot queue more work than is done.
 */
export function reduceChunk(
  sessionId: string,
  first: number,
  end: number,
  file: string,
  bodyStart: number,
  grid = 72,
): Promise<ChunkReduced> {
  if (!reducesAsArrives()) return Promise.resolve(NOT_REDUCED);
  let entry = entries.get(sessionId);
  if (first === bodyStart) {
    // A new chunked upload (or one started again): a reduction of its own.
    dropStale();
    drop(sessionId, "the upload started again");
    entry = undefined;
  }
  if (!entry) {
    if (first !== bodyStart) return Promise.resolve(NOT_REDUCED);
    const started = starts.get(sessionId) ?? { count: 0, at: Date.now() };
    if (started.count >= MAX_REDUCTIONS_PER_SESSION) return Promise.resolve(NOT_REDUCED);
    starts.set(sessionId, { ...started, count: started.count + 1 });
    const created: Entry = { end: bodyStart, chain: Promise.resolve(), createdAt: Date.now() };
    created.chain = inference().then((m) => {
      created.reducer = new m.StreamReducer(grid);
    });
    entries.set(sessionId, created);
    entry = created;
  }
  if (entry.end !== first || entry.done) {
    drop(sessionId, "a chunk out of order");
    return Promise.resolve(NOT_REDUCED);
  }
  const fed = entry;
  fed.chain = fed.chain
    .then(async () => {
      if (fed.reducer!.failed) return;
      await fed.reducer!.write(await readFile(file));
    })
    .catch((err: unknown) => {
      logger.warn("reduction dropped", { error: (err as Error).message });
      if (entries.get(sessionId) === fed) drop(sessionId, "failed");
    });
  fed.end = end;
  return fed.chain.then(() =>
    fed.reducer?.bomb ? { bomb: true, why: fed.reducer.failed ?? "gzip bomb" } : NOT_REDUCED,
  );
}

/** The header closed the upload at `total` bytes. */
export function reduceHeader(sessionId: string, header: Uint8Array, total: number): void {
  const entry = entries.get(sessionId);
  if (!entry) return;
  if (entry.end !== total || entry.done) {
    drop(sessionId, "the header closed another length");
    return;
  }
  entry.done = entry.chain.then(async () => {
    const { TensorError } = await inference();
    return entry.reducer!.finish(header).catch((err: unknown) => {
      if (err instanceof TensorError) return err;
      throw err;
    });
  });
  entry.done.catch(() => entries.delete(sessionId));
}

/**
 * The session's finished reduction, taken (it is used once): the reduced tensor, the tensor rule
 * it broke (fallback vitals, as for a file), or null (read the file).
 */
export async function takeReduction(sessionId: string): Promise<ReducedTensor | TensorError | null> {
  const entry = entries.get(sessionId);
  entries.delete(sessionId);
  if (!entry?.done) return null;
  // The reduction trails the last chunk by milliseconds; one still unsettled after this long
  // is not waited for: the file gives the same answer (a scan never waits on it forever).
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      logger.warn("reduction not done in time: reading the file", { waited_ms: REDUCTION_WAIT_MS });
      resolve(null);
    }, REDUCTION_WAIT_MS);
  });
  return Promise.race([entry.done.catch(() => null), late]).finally(() => clearTimeout(timer));
}

/** The tensor went (processed, replaced, expired): its reduction goes too. */
export function forgetReduction(sessionId: string): void {
  drop(sessionId, "the tensor went");
}

/** Reductions older than a session's lifetime belong to no live session. */
function dropStale(): void {
  const oldest = Date.now() - env().SESSION_TTL_SECONDS * 1000;
  for (const [id, entry] of entries) if (entry.createdAt < oldest) drop(id, "stale");
  for (const [id, started] of starts) if (started.at < oldest) starts.delete(id);
}

/** Whether this process holds a reduction of the session's upload (tests look). */
export function holdsReduction(sessionId: string): boolean {
  return entries.has(sessionId);
}

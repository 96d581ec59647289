import type { ResultInclude } from "./types.js";

// The options every call of the client takes, apart from the client (measure-by-polling.ts
// takes them without importing the client).

export type CallOptions = { signal?: AbortSignal };
/** Upload-complete and result calls: what the answer should carry besides the vitals. */
export type IncludeOptions = {
  /** `["waveform"]`: the answer carries `waveforms` (sent as `?include=waveform`; docs/api.md, "Waveforms"). */
  include?: readonly ResultInclude[];
};
export type PollOptions = CallOptions &
  IncludeOptions & {
    /** Spec: poll every 2 s. */
    intervalMs?: number;
    /** Spec reference client: give up after 60 attempts (120 s). */
    maxAttempts?: number;
    onStatus?: (status: string, attempt: number) => void;
  };

// Public types of the inference package (the SDK service codes against these).
// sdk/src/types.ts restates Demographics, Vitals, the quality and the waveform types on purpose: the SDK must
// not depend on this package; lib/openapi/sdk-types.test.ts fails if the two drift apart.

import type { ReducedTensor } from "./stream-reducer.js";

export type Demographics = { age?: number; sex?: "M" | "F" | "X"; fitzpatrick?: number };

export type Vitals = {
  heart_rate: number;
  respiratory_rate: number;
  hrv: number;
  spo2: number;
  systolic_bp: number;
  diastolic_bp: number;
  confidence: number;
  /** Per-vital confidence and the reasons behind a low one (docs/api.md); additive. */
  quality?: VitalsQuality;
};

/** Conditions that lower confidence, as reported to clients (docs/api.md). */
export type QualityReason = "motion" | "low_light" | "face_lost" | "weak_pulse" | "compression";

export type VitalsQuality = {
  heart_rate: { confidence: number; snr_db: number };
  respiratory_rate: { confidence: number };
  hrv: { confidence: number; beats: number };
  spo2: { confidence: number };
  blood_pressure: { confidence: number };
  reasons: QualityReason[];
};

/** A waveform at `sample_rate_hz`, with a 0..1 confidence per sample (0 where unusable). */
export type Waveform = { sample_rate_hz: number; values: number[]; confidence: number[] };
export type Waveforms = { pulse: Waveform; breathing: Waveform };

export type StageTimings = {
  read_ms: number;
  inflate_ms: number;
  crc_ms: number;
  model_ms: number;
  post_ms: number;
  total_ms: number;
};

export type AnalyzeError = { code: string; message: string };

export type AnalyzeOutcome =
  | { ok: true; vitals: Vitals; timings: StageTimings; waveforms?: Waveforms }
  | { ok: false; error: AnalyzeError };

export interface InferencePool {
  /** Never rejects: every failure (bad tensor, timeout, crash) is `ok: false`. */
  analyzeFile(path: string, demographics?: Demographics): Promise<AnalyzeOutcome>;
  /** The post-processing of a tensor reduced as it arrived (StreamReducer); never rejects. */
  analyzeReduced(reduced: ReducedTensor, demographics?: Demographics): Promise<AnalyzeOutcome>;
  close(): Promise<void>;
}

export type PoolOptions = {
  modelPath?: string;
  threads?: number;
  /** A scan's own time limit, from when it starts on a thread. */
  timeoutMs?: number;
  /** How long a scan may wait for a free thread; past it the outcome is BUSY (nothing ran). */
  queueWaitMs?: number;
};

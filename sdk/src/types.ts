// Shapes of the service's answers (docs/api.md). Declared here on purpose, not imported from
// the app or the inference package (inference/src/types.ts holds the same vitals types): the
// client must have no runtime or type dependency on either.

export type Demographics = {
  /** Whole years, 1..120. */
  age?: number;
  sex?: "M" | "F" | "X";
  /** Fitzpatrick skin type, 1..6. */
  fitzpatrick?: number;
};

export type Vitals = {
  heart_rate: number;
  respiratory_rate: number;
  hrv: number;
  spo2: number;
  systolic_bp: number;
  diastolic_bp: number;
  /** 0.7-1 high, 0.4-0.7 moderate, 0.1-0.4 low, 0.0 fallback values (inference failed). */
  confidence: number;
  /** Per-vital confidence and what lowered it (docs/api.md, "Per-vital quality"). */
  quality?: VitalsQuality;
};

// The client depends on nothing of the service, so these restate the inference package's
// quality and waveform types; lib/openapi/sdk-types.test.ts fails if the two drift apart.

/** Conditions that lower confidence. */
export type QualityReason = "motion" | "low_light" | "face_lost" | "weak_pulse" | "compression";

export type VitalsQuality = {
  heart_rate: { confidence: number; snr_db: number };
  respiratory_rate: { confidence: number };
  /** `beats`: clean beats used. */
  hrv: { confidence: number; beats: number };
  spo2: { confidence: number };
  blood_pressure: { confidence: number };
  reasons: QualityReason[];
};

/**
 * One waveform of a scan (docs/api.md, "Waveforms"): a sample per captured frame at
 * `sample_rate_hz`, unit-variance values (relative, no unit), and a 0..1 confidence per sample
 * (0 inside movement or lighting events).
 */
export type Waveform = { sample_rate_hz: number; values: number[]; confidence: number[] };
/** The pulse, and the blood-volume baseline that breathing modulates. */
export type Waveforms = { pulse: Waveform; breathing: Waveform };

/** What a result may carry besides the vitals when asked for (`?include=`); `waveform` is the only value. */
export type ResultInclude = "waveform";

export type Range = { min: number; max: number };

export type FallbackConfig = {
  heart_rate: Range;
  hrv: Range;
  respiratory_rate: Range;
  spo2: Range;
  systolic_bp: Range;
  diastolic_bp_offset: Range;
  confidence: number;
};

export type Session = {
  session_id: string;
  expires_at: number;
  upload_url: string;
  fallback_config: FallbackConfig;
};

/** A short-lived browser credential (POST /sdk/client-token). */
export type ClientToken = {
  /** `ct_test_…` or `ct_live_…`: hand it to the page, never the secret key. */
  token: string;
  /** Unix seconds. */
  expires_at: number;
  max_scans: number;
  origins: string[];
};

export type SessionStatus = "created" | "uploading" | "processing" | "completed" | "failed" | "expired";

/** Upload-complete and poll answers. `vitals` is on completed results, maybe on failed ones. */
export type Result = {
  session_id: string;
  status: SessionStatus;
  vitals?: Vitals;
  /** Upload-complete after real or sandbox inference; absent on fallback. */
  processing_time_ms?: number;
  /** Poll answers with status completed (Unix seconds). */
  completed_at?: number;
  /**
   * Only when asked for (`include: ["waveform"]`) on a completed answer; null when nothing was
   * measured (fallback and sandbox results, or a poll of a scan whose upload-complete did not ask).
   */
  waveforms?: Waveforms | null;
  /** The reference given at session start or client-token mint; only when one was set. */
  client_reference_id?: string;
  /** The key/value pairs given with it; only when set. */
  metadata?: Record<string, string>;
};

export type RateLimit = { limit: number; remaining: number; reset: number };
export type Usage = { current: number; limit: number; remaining: number };

/**
 * What every API answer carries besides its body. The figures are optional: the service
 * cannot send them on 401 answers, so clients treat them as optional (docs/api.md, "Limits").
 */
export type ResponseMeta = {
  status: number;
  requestId?: string;
  rateLimit?: RateLimit;
  usage?: Usage;
};

/** A parsed answer with its request id and optional rate-limit and usage figures alongside. */
export type WithMeta<T> = T & Omit<ResponseMeta, "status">;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
export type Sleep = (ms: number) => Promise<void>;

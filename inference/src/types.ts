// Public types of the inference package (the SDK service codes against these).

export type Demographics = { age?: number; sex?: "M" | "F" | "X"; fitzpatrick?: number };

export type Vitals = {
  heart_rate: number;
  respiratory_rate: number;
  hrv: number;
  spo2: number;
  systolic_bp: number;
  diastolic_bp: number;
  confidence: number;
};

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
  | { ok: true; vitals: Vitals; timings: StageTimings }
  | { ok: false; error: AnalyzeError };

export interface InferencePool {
  /** Never rejects: every failure (bad tensor, timeout, crash) is `ok: false`. */
  analyzeFile(path: string, demographics?: Demographics): Promise<AnalyzeOutcome>;
  close(): Promise<void>;
}

export type PoolOptions = { modelPath?: string; threads?: number; timeoutMs?: number };

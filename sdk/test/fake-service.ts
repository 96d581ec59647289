import type { FetchLike } from "../src/types.js";

// A scripted stand-in for the service: records every request and answers from a handler, so
// unit tests can see exactly what went over the wire (or that nothing did).

export type Recorded = { method: string; url: string; headers: Headers; body?: unknown };
export type Handler = (req: Recorded, index: number) => Response | Promise<Response>;

export const KEYS = {
  test: `ck_test_${"a1".repeat(32)}`,
  live: `ck_live_${"0f".repeat(32)}`,
};
/** Client tokens, as minted by POST /sdk/client-token. */
export const TOKENS = {
  test: `ct_test_${"b2".repeat(32)}`,
  live: `ct_live_${"3c".repeat(32)}`,
};
export const BASE = "https://api.example.test";

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function errorResponse(
  status: number,
  error: string,
  extra: { retryable?: boolean; retryAfter?: number; headers?: Record<string, string> } = {},
) {
  const body: Record<string, unknown> = { error, message: `${error} happened`, retryable: extra.retryable ?? false };
  if (extra.retryAfter !== undefined) body.retryAfter = extra.retryAfter;
  return jsonResponse(body, status, extra.headers);
}

export function fakeService(handler: Handler) {
  const requests: Recorded[] = [];
  const fetch: FetchLike = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    let body: unknown = init.body;
    if (typeof init.body === "string" && headers.get("content-type")?.includes("json")) body = JSON.parse(init.body);
    const req: Recorded = { method: init.method ?? "GET", url: input, headers, body };
    requests.push(req);
    return handler(req, requests.length - 1);
  };
  return { fetch, requests };
}

/** A sleep that returns at once and remembers what it was asked to wait. */
export function fakeSleep() {
  const waits: number[] = [];
  return { sleep: async (ms: number) => void waits.push(ms), waits };
}

export function session(id = "6f1c1e8e-8f43-4d6b-9d3a-3f0f2f6b9c11") {
  return {
    session_id: id,
    expires_at: 1_900_000_000,
    upload_url: `${BASE}/upload/${id}?expires=1900000000&sig=abc`,
    fallback_config: {
      heart_rate: { min: 62, max: 90 },
      hrv: { min: 30, max: 70 },
      respiratory_rate: { min: 12, max: 18 },
      spo2: { min: 95, max: 99 },
      systolic_bp: { min: 108, max: 128 },
      diastolic_bp_offset: { min: 36, max: 46 },
      confidence: 0,
    },
  };
}

/**
 * `waveforms` as upload-complete answers them with `?include=waveform` (docs/api.md,
 * "Waveforms"): `seconds` of a 72 bpm pulse and a 15 breaths/min baseline at 30 Hz, unit-variance,
 * with the confidence 0 during one movement event.
 */
export function waveforms(seconds = 20, rateHz = 30) {
  const n = Math.round(seconds * rateHz);
  const t = Array.from({ length: n }, (_, i) => i / rateHz);
  // `|| 0`: no -0, which JSON does not keep.
  const round = (v: number) => Math.round(v * 1000) / 1000 || 0;
  const moving = (s: number) => s >= 8 && s < 9;
  return {
    pulse: {
      sample_rate_hz: rateHz,
      values: t.map((s) => round(Math.SQRT2 * Math.sin(2 * Math.PI * 1.2 * s))),
      confidence: t.map((s) => (moving(s) ? 0 : 0.86)),
    },
    breathing: {
      sample_rate_hz: rateHz,
      values: t.map((s) => round(Math.SQRT2 * Math.sin(2 * Math.PI * 0.25 * s))),
      confidence: t.map((s) => (s >= 7.5 && s < 9.5 ? 0 : 0.62)),
    },
  };
}

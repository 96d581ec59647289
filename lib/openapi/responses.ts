import { z } from "zod";
import { fallbackConfigSchema } from "@/lib/sessions/fallback";
import { IN_PROGRESS } from "@/lib/sessions/states";

// The SDK endpoints' success bodies as zod schemas, for the OpenAPI document only: the
// handlers answer plain objects of the types beside them (StartedSession, CompletedResult,
// PolledResult, MintedClientToken), and lib/openapi/sdk-types.test.ts holds these schemas to
// those types and to the TypeScript client's (sdk/src/types.ts). Prose: docs/api.md.

const confidence = z.number().min(0).max(1);

const quality = z.object({
  heart_rate: z.object({ confidence, snr_db: z.number() }),
  respiratory_rate: z.object({ confidence }),
  hrv: z.object({ confidence, beats: z.number().int() }),
  spo2: z.object({ confidence }),
  blood_pressure: z.object({ confidence }),
  reasons: z.array(z.enum(["motion", "low_light", "face_lost", "weak_pulse", "compression"])),
});

export const vitalsSchema = z.object({
  heart_rate: z.number(),
  respiratory_rate: z.number(),
  hrv: z.number(),
  spo2: z.number(),
  systolic_bp: z.number(),
  diastolic_bp: z.number(),
  confidence: confidence.describe("0.7-1 high, 0.4-0.7 moderate, 0.1-0.4 low, 0.0 fallback values"),
  quality: quality.optional().describe("Per-vital confidence and what lowered it"),
});

const waveform = z.object({ sample_rate_hz: z.number(), values: z.array(z.number()), confidence: z.array(confidence) });
const waveforms = z
  .object({ pulse: waveform, breathing: waveform })
  .nullable()
  .optional()
  .describe("Only with ?include=waveform; null when nothing was measured");

const sessionId = z.string().describe("Session id (UUID)");
const clientReferenceId = z
  .string()
  .optional()
  .describe("The developer's own reference, given at session start or client-token mint; only when set");
const metadata = z.record(z.string(), z.string()).optional().describe("The developer's key/value pairs; only when set");

export const startedSessionSchema = z.object({
  session_id: sessionId,
  expires_at: z.number().int().describe("Unix seconds"),
  upload_url: z.string(),
  fallback_config: fallbackConfigSchema,
});

export const completedResultSchema = z.object({
  session_id: sessionId,
  status: z.literal("completed"),
  vitals: vitalsSchema,
  processing_time_ms: z.number().int().optional().describe("Absent on fallback values"),
  waveforms,
  client_reference_id: clientReferenceId,
  metadata,
});

export const polledResultSchema = z.union([
  z.object({ session_id: sessionId, status: z.enum(IN_PROGRESS) }),
  z.object({
    session_id: sessionId,
    status: z.literal("completed"),
    vitals: vitalsSchema,
    completed_at: z.number().int().describe("Unix seconds"),
    waveforms,
    client_reference_id: clientReferenceId,
    metadata,
  }),
  z.object({
    session_id: sessionId,
    status: z.literal("failed"),
    vitals: vitalsSchema.optional(),
    client_reference_id: clientReferenceId,
    metadata,
  }),
]);

export const clientTokenSchema = z.object({
  token: z.string(),
  expires_at: z.number().int().describe("Unix seconds"),
  max_scans: z.number().int(),
  origins: z.array(z.string()),
});

/** `?include=waveform` of upload-complete and result (docs/api.md, "Waveforms"). */
export const includeQuery = z.object({
  include: z.string().optional().describe("Comma-separated; `waveform` is the only value"),
});

/** The signed upload URL's own query (docs/api.md, "PUT {upload_url}"). */
export const uploadQuery = z.object({
  expires: z.string().describe("Unix seconds the signature is valid until, as the upload_url gives it"),
  sig: z.string().describe("The URL's signature, as the upload_url gives it"),
});

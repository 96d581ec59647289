import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { Waveforms as InferenceWaveforms } from "@vitals/inference";
import type { MintedClientToken } from "@/lib/keys/mint-client-token";
import type { CompletedResult } from "@/lib/sessions/complete-upload";
import type { PolledResult } from "@/lib/sessions/get-result";
import type { StartedSession } from "@/lib/sessions/start-session";
import type { ErrorBody } from "@/sdk/src/errors";
import type {
  ClientToken,
  FallbackConfig,
  Range,
  Result,
  Session,
  SessionStatus,
  Vitals,
  VitalsQuality,
  Waveform,
  Waveforms,
} from "@/sdk/src/types";
import { openApiDocument } from "./document";
import type { clientTokenSchema, completedResultSchema, polledResultSchema, startedSessionSchema } from "./responses";

// The TypeScript client's types (sdk/src) agree with the OpenAPI document, field by field:
// name, whether it is always there, and its JSON type. Each SDK type is written out below as
// a table that tsc holds to the type (a field added to, dropped from or retyped in the SDK
// fails the typecheck); the test then holds the table to the document's response schemas.
// The document's schemas are in turn held to the handlers' own answer types (last test).

type Prim<V> = [NonNullable<V>] extends [string]
  ? "string"
  : [NonNullable<V>] extends [number]
    ? "number"
    : [NonNullable<V>] extends [boolean]
      ? "boolean"
      : [NonNullable<V>] extends [unknown[]]
        ? "array"
        : "object";
/** Every field of T as its JSON type, with "?" when T makes it optional. */
// biome-ignore lint/complexity/noBannedTypes: `{} extends Pick<T, K>` is how a type tells an optional field
type Shape<T> = { [K in keyof T]-?: `${Prim<T[K]>}${{} extends Pick<T, K> ? "?" : ""}` };

const SESSION = {
  session_id: "string",
  expires_at: "number",
  upload_url: "string",
  fallback_config: "object",
} as const satisfies Shape<Session>;
const RANGE = { min: "number", max: "number" } as const satisfies Shape<Range>;
const FALLBACK_CONFIG = {
  heart_rate: "object",
  hrv: "object",
  respiratory_rate: "object",
  spo2: "object",
  systolic_bp: "object",
  diastolic_bp_offset: "object",
  confidence: "number",
} as const satisfies Shape<FallbackConfig>;
const RESULT = {
  session_id: "string",
  status: "string",
  vitals: "object?",
  processing_time_ms: "number?",
  completed_at: "number?",
  waveforms: "object?",
  client_reference_id: "string?",
  metadata: "object?",
} as const satisfies Shape<Result>;
const WAVEFORMS = { pulse: "object", breathing: "object" } as const satisfies Shape<Waveforms>;
const WAVEFORM = {
  sample_rate_hz: "number",
  values: "array",
  confidence: "array",
} as const satisfies Shape<Waveform>;
const VITALS = {
  heart_rate: "number",
  respiratory_rate: "number",
  hrv: "number",
  spo2: "number",
  systolic_bp: "number",
  diastolic_bp: "number",
  confidence: "number",
  quality: "object?",
} as const satisfies Shape<Vitals>;
const QUALITY = {
  heart_rate: "object",
  respiratory_rate: "object",
  hrv: "object",
  spo2: "object",
  blood_pressure: "object",
  reasons: "array",
} as const satisfies Shape<VitalsQuality>;
const CLIENT_TOKEN = {
  token: "string",
  expires_at: "number",
  max_scans: "number",
  origins: "array",
} as const satisfies Shape<ClientToken>;
const ERROR_BODY = {
  error: "string",
  message: "string",
  retryable: "boolean",
  retryAfter: "number?",
} as const satisfies Shape<ErrorBody>;

const STATUSES = [
  "created",
  "uploading",
  "processing",
  "completed",
  "failed",
  "expired",
] as const satisfies readonly SessionStatus[];
// Fails the typecheck when SessionStatus gains a value the list above lacks.
const everyStatus: Exclude<SessionStatus, (typeof STATUSES)[number]> extends never ? true : false = true;
/** A state of the session's life cycle that no answer carries: an expired session is a 404. */
const NEVER_ANSWERED = ["expired"];

type JsonSchema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  $ref?: string;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

const doc = openApiDocument("http://localhost:3000");

function resolve(s: JsonSchema): JsonSchema {
  return s.$ref
    ? (doc.components.schemas as Record<string, JsonSchema>)[s.$ref.replace("#/components/schemas/", "")]
    : s;
}

/** The objects a schema may be: itself, or each member of its union (null aside). */
function variants(s: JsonSchema): JsonSchema[] {
  const r = resolve(s);
  return r.anyOf ? r.anyOf.flatMap(variants).filter((v) => v.type !== "null") : [r];
}

/** The fields of one or more object schemas (union members), in the Shape notation above. */
function shape(...schemas: JsonSchema[]): Record<string, string> {
  const objects = schemas.flatMap(variants);
  const out: Record<string, string> = {};
  for (const o of objects) {
    for (const [name, prop] of Object.entries(o.properties ?? {})) {
      const type = variants(prop)[0].type;
      out[name] =
        `${type === "integer" ? "number" : type}${objects.every((x) => x.required?.includes(name)) ? "" : "?"}`;
    }
  }
  return out;
}

/** A field's schema, from the first union member that has it. */
function field(s: JsonSchema, name: string): JsonSchema {
  const found = variants(s).find((v) => v.properties?.[name]);
  if (!found) throw new Error(`no field ${name}`);
  return found.properties![name];
}

function answer(path: string, method: string, status: string): JsonSchema {
  const op = (
    doc.paths[path] as Record<
      string,
      { responses: Record<string, { content: { "application/json": { schema: JsonSchema } } }> }
    >
  )[method];
  return op.responses[status].content["application/json"].schema;
}

describe("the TypeScript client's types agree with the OpenAPI document", () => {
  it("Session: the answer of POST /sdk/session/start, with its fallback_config", () => {
    const started = answer("/sdk/session/start", "post", "200");
    expect(shape(started)).toEqual(SESSION);
    expect(shape(field(started, "fallback_config"))).toEqual(FALLBACK_CONFIG);
    expect(shape(field(field(started, "fallback_config"), "heart_rate"))).toEqual(RANGE);
  });

  it("Result: the answers of upload-complete and of the result poll, both path forms, with vitals, quality and waveforms", () => {
    const forms = [
      answer("/sdk/session/upload-complete", "post", "200"),
      answer("/sdk/session/{sessionId}/upload-complete", "post", "200"),
      answer("/sdk/session/result/{sessionId}", "get", "200"),
      answer("/sdk/session/{sessionId}/result", "get", "200"),
    ];
    // Every field the document has, and nothing more; required only when every form of the
    // answer has it.
    expect(shape(...forms)).toEqual(RESULT);
    for (const form of forms) {
      expect(shape(field(form, "vitals"))).toEqual(VITALS);
      expect(shape(field(field(form, "vitals"), "quality"))).toEqual(QUALITY);
      const waveforms = field(form, "waveforms");
      expect(shape(waveforms)).toEqual(WAVEFORMS);
      expect(shape(field(waveforms, "pulse"))).toEqual(WAVEFORM);
      expect(shape(field(waveforms, "breathing"))).toEqual(WAVEFORM);
    }
  });

  it("SessionStatus: the statuses the result answers carry", () => {
    const answered = [
      answer("/sdk/session/upload-complete", "post", "200"),
      answer("/sdk/session/result/{sessionId}", "get", "200"),
    ]
      .flatMap(variants)
      .flatMap((v) => {
        const status = v.properties!.status;
        return status.enum ?? [status.const];
      });
    expect(everyStatus).toBe(true);
    expect(new Set([...answered, ...NEVER_ANSWERED])).toEqual(new Set(STATUSES));
  });

  it("ClientToken: the 201 answer of POST /sdk/client-token", () => {
    expect(shape(answer("/sdk/client-token", "post", "201"))).toEqual(CLIENT_TOKEN);
  });

  it("ErrorBody: every operation's error answer", () => {
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(
        ops as Record<string, { responses: { default: { content: { "application/json": { schema: JsonSchema } } } } }>,
      )) {
        expect(shape(op.responses.default.content["application/json"].schema)).toEqual(ERROR_BODY);
      }
    }
  });

  it("the document's answer schemas are the handlers' answer types (checked by tsc)", () => {
    expectTypeOf<z.infer<typeof startedSessionSchema>>().toEqualTypeOf<StartedSession>();
    expectTypeOf<z.infer<typeof completedResultSchema>>().toEqualTypeOf<CompletedResult>();
    expectTypeOf<z.infer<typeof polledResultSchema>>().toEqualTypeOf<PolledResult>();
    expectTypeOf<z.infer<typeof clientTokenSchema>>().toEqualTypeOf<MintedClientToken>();
    // The SDK's restatement of the inference package's waveforms (sdk/src/types.ts says why).
    expectTypeOf<Waveforms>().toEqualTypeOf<InferenceWaveforms>();
  });
});

import { z } from "zod";

// The developer, public and service endpoints' success bodies as zod schemas, for the OpenAPI
// document only (as responses.ts for the SDK's). lib/openapi/developer-types.test.ts holds each
// to its handler's answer type, and app/__tests__/openapi-contract.test.ts holds real answers to
// them. Prose: docs/api.md.

const unixSeconds = z.number().int().describe("Unix seconds");
const uuid = z.uuid();
const environment = z.enum(["test", "live"]);
const plan = z.enum(["starter", "pro", "enterprise"]);
const message = z.object({ message: z.string() });

export const profileSchema = z.object({
  id: uuid,
  email: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  status: z.enum(["pending", "active", "suspended"]),
  plan,
  role: z.enum(["developer", "staff"]),
  email_verified: z.boolean(),
  created_at: unixSeconds,
});

// What every answer about one key names it by.
const keyFields = { id: uuid, name: z.string(), environment, prefix: z.string() };

export const listedKeySchema = z.object({
  ...keyFields,
  created_at: unixSeconds,
  expires_at: unixSeconds.nullable(),
  revoked_at: unixSeconds.nullable(),
  last_used_at: unixSeconds.nullable(),
  previous_prefix: z.string().nullable().describe("While a rolled key's replaced secret still works"),
  previous_valid_until: unixSeconds.nullable(),
  state: z.enum(["active", "expired", "revoked"]),
  created_by: z
    .string()
    .nullable()
    .describe("E-mail of the member who created the key (docs/teams.md); null when that account is gone"),
});

export const keyListSchema = z.object({ keys: z.array(listedKeySchema) });

export const createdKeySchema = z.object({
  ...keyFields,
  key: z.string().describe("The key's value: shown this once, never again"),
  created_at: unixSeconds,
  expires_at: unixSeconds.nullable(),
});

export const revokedKeySchema = z.object({ id: uuid, revoked: z.literal(true), revoked_at: unixSeconds });

export const rolledKeySchema = z.object({
  ...keyFields,
  key: z.string().describe("The new value: shown this once"),
  previous_prefix: z.string(),
  previous_valid_until: unixSeconds.nullable().describe("null with grace_period none"),
});

export const usageSchema = z.object({
  current_month: z.object({
    month: z.string().describe("YYYY-MM (UTC)"),
    scan_count: z.number().int(),
    last_scan_at: unixSeconds.optional(),
  }),
  limit: z.number().int(),
  remaining: z.number().int(),
  plan,
});

export const usageHistorySchema = z.object({
  history: z.array(z.object({ month: z.string(), scan_count: z.number().int() })).describe("Six months, newest first"),
});

export const checkoutSchema = z.object({ id: z.string(), url: z.string() });
export const billingPortalSchema = z.object({ url: z.string() });

export const signUpSchema = z.object({ email: z.string(), status: z.literal("pending"), message: z.string() });
export const verifySchema = z.object({ status: z.enum(["verified", "already_verified"]), message: z.string() });
export const idTokenSchema = z.object({
  id_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_in: z.number().int().describe("Seconds"),
});
export const messageSchema = message;

export const webhookSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

export const healthSchema = z.object({
  status: z.literal("ok"),
  database: z.literal("up"),
  redis: z.enum(["up", "not configured"]),
  inference: z.union([
    z.object({ mode: z.literal("pool") }),
    z.object({
      mode: z.literal("redis"),
      waiting: z.number().int(),
      active: z.number().int(),
      workers: z.number().int(),
      recent_jobs: z.object({
        count: z.number().int(),
        wait_ms_p50: z.number().nullable(),
        run_ms_p50: z.number().nullable(),
        run_ms_p95: z.number().nullable(),
      }),
    }),
  ]),
});

import { z } from "zod";

// Every setting of the product, validated once. Defaults make a bare machine work.
const bool = z.enum(["true", "false", "1", "0", ""]).transform((v) => v === "true" || v === "1");
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const optionalString = z
  .string()
  .min(1)
  .optional()
  .or(z.literal("").transform(() => undefined));
/** An optional URL of one of the given schemes (empty = unset). */
const optionalUrl = (pattern: RegExp, message: string) =>
  z
    .string()
    .regex(pattern, message)
    .optional()
    .or(z.literal("").transform(() => undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    APP_URL: z.url().default("http://localhost:3000"),
    PORT: int(1, 65535).default(3000),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, "must be a postgresql:// URL"),
    DATA_DIR: z.string().min(1).default(".data"),
    // A statement PostgreSQL has not answered by then fails (503 UNAVAILABLE), see lib/db.ts.
    DATABASE_QUERY_TIMEOUT_MS: int(100, 600_000).default(10_000),
    PERSIST_VITALS: bool.default(false),
    RESULT_TTL_SECONDS: int(1, 7 * 24 * 3600).default(900),
    SESSION_TTL_SECONDS: int(60, 24 * 3600).default(900),
    MAX_TENSOR_BYTES: int(1024, 1024 ** 3).default(128 * 1024 * 1024),
    // What one organization's open sessions may hold in storage at once (docs/api.md, "Upload limits").
    UPLOAD_BUDGET_BYTES: int(1024, 1024 ** 4).default(2 * 1024 ** 3),
    // Upload PUTs one session takes (whole, chunks, header; status queries are free): 128 MiB in 64 KiB chunks.
    UPLOAD_REQUESTS_PER_SESSION: int(2, 1_000_000).default(2048),
    // Upload PUTs one organization's sessions take per minute, all together.
    UPLOAD_REQUESTS_PER_MINUTE: int(10, 10_000_000).default(12_000),
    // A JSON body (at most 512 KiB) not whole by then is 400 (lib/http/read-body.ts); uploads
    // have the server's request timeout instead (server/request-timeout.ts).
    JSON_BODY_TIMEOUT_MS: int(500, 600_000).default(30_000),
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    STORAGE_DIR: optionalString,
    S3_BUCKET: optionalString,
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ENDPOINT: z
      .url()
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_FORCE_PATH_STYLE: bool.default(false),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    UPLOAD_SIGNING_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    REQUIRE_APPROVAL: bool.default(false),
    SIGNUPS_PER_IP_PER_HOUR: int(1, 100_000).default(20),
    TRUST_PROXY: bool.default(false),
    RATE_LIMIT_STORE: z.enum(["redis", "postgres", "memory"]).optional(),
    REDIS_URL: optionalUrl(/^rediss?:\/\//, "must be a redis:// or rediss:// URL"),
    REDIS_KEY_PREFIX: z.string().default("vitals:"),
    SMTP_URL: optionalUrl(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL"),
    MAIL_FROM: z.string().default("Vitals <no-reply@vitals.local>"),
    MAIL_OUTBOX_DIR: optionalString,
    ID_TOKEN_PRIVATE_JWK: optionalString,
    ID_TOKEN_TTL_SECONDS: int(60, 24 * 3600).default(3600),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_PRICE_PRO: optionalString,
    STRIPE_PRICE_ENTERPRISE: optionalString,
    /** Another Stripe API address: a local stand-in in tests; production leaves it unset. */
    STRIPE_API_URL: optionalUrl(/^https?:\/\//, "must be an http:// or https:// URL"),
    /** Generated into DATA_DIR by npm start when unset (lib/local-secrets.ts), which then re-reads the settings. */
    NEXTAUTH_SECRET: optionalString,
    MODEL_PATH: optionalString,
    INFERENCE_THREADS: int(1, 64).optional(),
    INFERENCE_TIMEOUT_MS: int(100, 600_000).default(10_000),
    INFERENCE_QUEUE: z.enum(["pool", "redis"]).default("pool"),
    // At most 4 minutes: the sweeper takes a session still processing after 5 as lost
    // (lib/sessions/sweep.ts), so a longer wait would find its session already ended.
    INFERENCE_QUEUE_WAIT_MS: int(1000, 240_000).default(90_000),
    SWEEP_INTERVAL_SECONDS: int(1, 3600).default(30),
    TRY_IT_DAILY_SCANS: int(0, 10_000).default(20),
    REQUEST_LOG: z
      .enum(["on", "off"])
      .default("on")
      .transform((v) => v === "on"),
    LOG_LEVEL: z.enum(["info", "silent"]).default("info"),
    // Webhook deliveries (docs/webhooks.md). Loopback receivers: allowed only in development.
    WEBHOOK_ALLOW_LOOPBACK: bool.optional(),
    WEBHOOK_TIMEOUT_MS: int(100, 60_000).default(10_000),
    // Seconds between attempts after the first: 11 attempts over about three days.
    WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .regex(/^\d+(,\d+)*$/, "must be a comma-separated list of seconds")
      .default("5,60,300,1800,7200,18000,36000,43200,86400,86400")
      .transform((v) => v.split(",").map(Number)),
    WEBHOOK_POLL_MS: int(50, 60_000).default(1000),
    WEBHOOK_CONCURRENCY: int(1, 256).default(32),
    WEBHOOK_ENDPOINT_CONCURRENCY: int(1, 256).default(16),
  })
  .superRefine((e, ctx) => {
    // Settings that only make sense together are checked here, so start-up fails naming them.
    if (e.STORAGE_DRIVER === "s3" && !e.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when STORAGE_DRIVER=s3" });
    }
    if (e.RATE_LIMIT_STORE === "redis" && !e.REDIS_URL) {
      ctx.addIssue({ code: "custom", path: ["REDIS_URL"], message: "is required when RATE_LIMIT_STORE=redis" });
    }
    if (e.INFERENCE_QUEUE === "redis" && !e.REDIS_URL) {
      ctx.addIssue({ code: "custom", path: ["REDIS_URL"], message: "is required when INFERENCE_QUEUE=redis" });
    }
    if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
      const missing = e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all",
      });
    }
  });

export type Env = Omit<z.infer<typeof envSchema>, "WEBHOOK_ALLOW_LOOPBACK"> & {
  WEBHOOK_ALLOW_LOOPBACK: boolean;
  storageDir: string;
  outboxDir: string;
  rateLimitStore: "redis" | "postgres" | "memory";
};

export class EnvError extends Error {}

/** Parses a settings source; throws EnvError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    ...e,
    storageDir: e.STORAGE_DIR ?? `${e.DATA_DIR}/uploads`,
    outboxDir: e.MAIL_OUTBOX_DIR ?? `${e.DATA_DIR}/outbox`,
    rateLimitStore: e.RATE_LIMIT_STORE ?? (e.REDIS_URL ? "redis" : e.DATABASE_URL ? "postgres" : "memory"),
    // Only where NODE_ENV says development or test outright: `npm start` leaves it unset.
    WEBHOOK_ALLOW_LOOPBACK:
      e.WEBHOOK_ALLOW_LOOPBACK ?? (source.NODE_ENV === "development" || source.NODE_ENV === "test"),
  };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= loadEnv(process.env);
  return cached;
}

/** Tests change process.env and call this to read it again. */
export function resetEnv(): void {
  cached = undefined;
}

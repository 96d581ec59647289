import { z } from "zod";
import { noControlCharacters } from "@/lib/http/no-control-characters";

// The request log's filters, as the developer API's query string and the portal page's URL.
export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;
export const LOG_WINDOWS = { "1h": 3600, "24h": 86_400, "7d": 7 * 86_400, "30d": 30 * 86_400 } as const;
export const REQUEST_LOG_RETENTION_DAYS = 30;
/** Answers with this status or above are failures (the support console's queue and panel). */
export const FAILED_STATUS = 400;

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const requestLogQuery = z.object({
  key_id: optional(z.uuid()),
  status: optional(z.enum(STATUS_CLASSES)),
  /** Paths that start with this, e.g. /sdk/session/start. */
  path: optional(noControlCharacters(z.string().startsWith("/").max(200))),
  /** How far back to look; at most the 30 days the log keeps. */
  since: optional(z.enum(Object.keys(LOG_WINDOWS) as [keyof typeof LOG_WINDOWS])),
  request_id: optional(z.uuid()),
  page: optional(z.coerce.number().int().min(1).max(10_000)),
  page_size: optional(z.coerce.number().int().min(1).max(100)),
});

export type RequestLogQuery = z.infer<typeof requestLogQuery>;

export const requestLogEntry = z.object({
  request_id: z.uuid(),
  at: z.number().int().describe("Unix seconds"),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  error: z.string().nullable(),
  latency_ms: z.number().int(),
  key_id: z.uuid().nullable(),
  key_prefix: z.string().nullable(),
  client_reference_id: z.string().nullable().describe("The scan's reference, on the session endpoints' entries"),
});

export type RequestLogRow = z.infer<typeof requestLogEntry>;

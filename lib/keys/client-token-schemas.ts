import { z } from "zod";
import { referenceFields } from "@/lib/sessions/reference";

// Limits of POST /sdk/client-token (docs/api.md, "Client tokens"): minutes, not hours, and a
// handful of scans, so a token lifted from a page is worth little.
export const CLIENT_TOKEN_LIMITS = {
  defaultTtlSeconds: 300,
  minTtlSeconds: 30,
  maxTtlSeconds: 900,
  defaultMaxScans: 1,
  maxScans: 10,
  maxOrigins: 10,
} as const;

/**
 * An origin exactly as a browser sends it in the Origin header: http(s) scheme, host, port
 * only when not the default, nothing else (no path, trailing slash, user or wildcard).
 */
export function isExactOrigin(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  // The URL parser lets "*" through in a host; an origin is one host, never a pattern.
  const host = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname);
  // Port 0 is no port a page can be served from.
  const port = url.port !== "0";
  return (url.protocol === "https:" || url.protocol === "http:") && host && port && url.origin === value;
}

const L = CLIENT_TOKEN_LIMITS;

const originField = z
  .string()
  .max(255)
  .refine(
    isExactOrigin,
    "must be an exact origin such as https://app.example.com (scheme and host, a port only if not the default, no path or trailing slash)",
  );

export const mintClientTokenBody = z.strictObject({
  ttl_seconds: z.number().int().min(L.minTtlSeconds).max(L.maxTtlSeconds).default(L.defaultTtlSeconds),
  max_scans: z.number().int().min(1).max(L.maxScans).default(L.defaultMaxScans),
  origins: z
    .array(originField, { error: "origins is required: the exact origins of the pages that will use the token" })
    .min(1, "must list at least one origin")
    .max(L.maxOrigins, `must list at most ${L.maxOrigins} origins`)
    .transform((origins) => [...new Set(origins)]),
  ...referenceFields,
});
export type MintClientTokenBody = z.infer<typeof mintClientTokenBody>;

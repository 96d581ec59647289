import type { RateLimit, ResponseMeta, Usage } from "./types.js";

// Every figure is optional (docs/api.md, "Limits"; docs/sdk.md, "Methods"): a missing or non-numeric header leaves its
// group out rather than reporting NaN or a made-up zero.

function int(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return undefined;
  return Number(raw);
}

/** A group of figures read from their headers: all of them, or undefined if any is missing. */
function figures<K extends string>(headers: Headers, names: Record<K, string>): Record<K, number> | undefined {
  const out = {} as Record<K, number>;
  for (const [key, name] of Object.entries(names) as [K, string][]) {
    const value = int(headers, name);
    if (value === undefined) return undefined;
    out[key] = value;
  }
  return out;
}

export function parseRateLimit(headers: Headers): RateLimit | undefined {
  return figures(headers, {
    limit: "x-ratelimit-limit",
    remaining: "x-ratelimit-remaining",
    reset: "x-ratelimit-reset",
  });
}

export function parseUsage(headers: Headers): Usage | undefined {
  return figures(headers, { current: "x-usage-current", limit: "x-usage-limit", remaining: "x-usage-remaining" });
}

/** Retry-After in seconds; the HTTP-date form is accepted too, as HTTP allows it. */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  const raw = headers.get("retry-after");
  if (raw === null) return undefined;
  if (/^\s*\d+\s*$/.test(raw)) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

export function responseMeta(res: Response): ResponseMeta {
  const meta: ResponseMeta = { status: res.status };
  const requestId = res.headers.get("x-request-id");
  if (requestId) meta.requestId = requestId;
  const rateLimit = parseRateLimit(res.headers);
  if (rateLimit) meta.rateLimit = rateLimit;
  const usage = parseUsage(res.headers);
  if (usage) meta.usage = usage;
  return meta;
}

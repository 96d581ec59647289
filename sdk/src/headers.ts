import type { RateLimit, ResponseMeta, Usage } from "./types.js";

// Every figure is optional (spec Limits rule 3): a missing or non-numeric header leaves its
// group out rather than reporting NaN or a made-up zero.

function int(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || !/^\s*\d+\s*$/.test(raw)) return undefined;
  return Number(raw);
}

export function parseRateLimit(headers: Headers): RateLimit | undefined {
  const limit = int(headers, "x-ratelimit-limit");
  const remaining = int(headers, "x-ratelimit-remaining");
  const reset = int(headers, "x-ratelimit-reset");
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  return { limit, remaining, reset };
}

export function parseUsage(headers: Headers): Usage | undefined {
  const current = int(headers, "x-usage-current");
  const limit = int(headers, "x-usage-limit");
  const remaining = int(headers, "x-usage-remaining");
  if (current === undefined || limit === undefined || remaining === undefined) return undefined;
  return { current, limit, remaining };
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

// CORS as docs/api.md states it (the opening paragraph), plus the headers a browser client must be able to read.
export const CORS_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type, Authorization, X-API-Key",
  "Access-Control-Max-Age": "86400",
  "Access-Control-Expose-Headers": [
    "X-Request-Id",
    "Retry-After",
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
    "X-Usage-Current",
    "X-Usage-Limit",
    "X-Usage-Remaining",
    "ETag",
    "Idempotent-Replayed",
    "Range",
  ].join(", "),
};

// Which thrown errors mean "a dependency (PostgreSQL, Redis) is unreachable right now": those
// are answered 503 UNAVAILABLE with Retry-After instead of 500, since a retry will succeed once
// the dependency is back. Clients reconnect on their own; nothing needs a restart.
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

// Prisma's codes for "cannot reach / lost the database" and the driver adapter's kinds.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// 57014: PostgreSQL cancelled the statement (statement_timeout).
const SOCKET_CODES = new Set([
  "57014",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);
// ioredis' errors when the server is gone: retries exhausted, closed connection, command timeout.
const REDIS_MESSAGES = [
  /max retries per request/i,
  /connection is closed/i,
  /stream isn't writeable/i,
  /command timed out/i,
];
const DRIVER_MESSAGES = [
  /connection terminated/i,
  /can't reach database server/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /server has closed the connection/i,
  /\b(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)\b/,
  // A server that accepts connections but does not answer in time (lib/db.ts deadlines).
  /query read timeout/i,
  /canceling statement due to statement timeout/i,
  /connection timeout/i,
  /^timeout expired$/i, // pg: a new connection the server never answered (its connect deadline)
];

type Shape = {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
};

/**
 * True when the error (or one it wraps) says a dependency could not be reached. A client that
 * broke off its request is never that, though Node gives its "aborted" the code ECONNRESET too
 * (docs/api.md, "Request log": a client's dropped connection is not an outage of ours).
 */
export function isDependencyDown(err: unknown): boolean {
  return !isClientAbort(err) && isUnreachable(err, 0);
}

function isUnreachable(err: unknown, depth: number): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as Shape;
  if (typeof e.code === "string" && (PRISMA_CODES.has(e.code) || SOCKET_CODES.has(e.code))) return true;
  const kind = e.meta?.driverAdapterError?.cause?.kind;
  if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return true;
  if (e.name === "MaxRetriesPerRequestError") return true;
  const message = typeof e.message === "string" ? e.message : "";
  if ([...REDIS_MESSAGES, ...DRIVER_MESSAGES].some((re) => re.test(message))) return true;
  return isUnreachable(e.cause, depth + 1);
}

/**
 * True when the client closed the connection before its request arrived whole: Node's
 * "aborted" on the body (code ECONNRESET, like a dependency's reset socket).
 */
export function isClientAbort(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as Shape;
  if (e.message === "aborted" && (e.code === undefined || e.code === "ECONNRESET")) return true;
  return isClientAbort(e.cause, depth + 1);
}

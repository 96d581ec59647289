// Times as the API serves them (docs/api.md, "Conventions"): whole Unix seconds.

/** A Date as Unix seconds, rounded down. */
export function unixSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/** Seconds a client should wait until `until` (a Date or epoch ms): rounded up, at least 1 (Retry-After). */
export function retryAfterSeconds(until: Date | number, now: Date): number {
  const ms = (typeof until === "number" ? until : until.getTime()) - now.getTime();
  return Math.max(1, Math.ceil(ms / 1000));
}

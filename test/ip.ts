let counter = 0;

/**
 * A client IP no other test in this run uses (the process id keeps parallel test files apart),
 * so brute-force counters and per-IP limits never leak between tests.
 */
export function uniqueIp(): string {
  counter++;
  return `10.${process.pid % 250}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

import { resetEnv } from "@/lib/env";

/**
 * Sets these settings and starts the limits' stores afresh under them (the rate limiter and
 * the brute-force store are per process, on globalThis, chosen by RATE_LIMIT_STORE); undefined
 * removes a setting. Returns the settings as they were, for useSettings again afterwards.
 */
export function useSettings(values: Record<string, string | undefined>): Record<string, string | undefined> {
  const before: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(values)) {
    before[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnv();
  const stores = globalThis as { __vitalsLimiter?: unknown; __vitalsThrottle?: unknown };
  stores.__vitalsLimiter = undefined;
  stores.__vitalsThrottle = undefined;
  return before;
}

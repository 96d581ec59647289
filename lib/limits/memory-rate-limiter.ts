import { decide, RATE_WINDOW_MS, type RateDecision, type RateLimiter } from "./rate-window";

/** For the embedded single-process default: exact within one process only. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number[]>();

  private window(developerId: string, now: Date): number[] {
    const since = now.getTime() - RATE_WINDOW_MS;
    const list = (this.hits.get(developerId) ?? []).filter((t) => t > since);
    this.hits.set(developerId, list);
    return list;
  }

  async hit(developerId: string, limit: number, now: Date): Promise<RateDecision> {
    const list = this.window(developerId, now);
    if (list.length >= limit) return decide(limit, list.length, list[0], false, now);
    list.push(now.getTime());
    return decide(limit, list.length, list[0], true, now);
  }

  async peek(developerId: string, limit: number, now: Date): Promise<RateDecision> {
    const list = this.window(developerId, now);
    return decide(limit, list.length, list[0] ?? now.getTime(), list.length < limit, now);
  }

  async count(developerId: string, now: Date): Promise<number> {
    return this.window(developerId, now).length;
  }

  async prune(now: Date): Promise<void> {
    for (const id of this.hits.keys()) if (this.window(id, now).length === 0) this.hits.delete(id);
  }
}

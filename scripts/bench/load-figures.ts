import { randomUUID } from "node:crypto";
import autocannon from "autocannon";

export type Figures = { rps: number; p50: number; p99: number; bad: number; requests: number; seconds: number };

/** One autocannon run: by duration (seconds) or by a number of requests (amount). */
export async function load(opts: {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  amount?: number;
  /** Each connection sends its own X-API-Key from this list (round robin), so no account's hourly limit is reached. */
  apiKeys?: string[];
  /** Every request carries a new Idempotency-Key (docs/api.md, "Safe retries"). */
  idempotencyKeys?: boolean;
}): Promise<Figures> {
  let next = 0;
  const keys = opts.apiKeys;
  const t0 = performance.now();
  const r = await autocannon({
    url: opts.url,
    method: opts.method ?? "GET",
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections ?? 16,
    ...(keys?.length
      ? {
          setupClient: (client: { setHeaders: (h: Record<string, string>) => void }) =>
            client.setHeaders({ ...opts.headers, "x-api-key": keys[next++ % keys.length] }),
        }
      : {}),
    ...(opts.idempotencyKeys
      ? {
          requests: [
            {
              setupRequest: (req: { headers?: Record<string, string> }) => ({
                ...req,
                headers: { ...req.headers, "idempotency-key": randomUUID() },
              }),
            },
          ],
        }
      : {}),
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds ?? 10 }),
  });
  const seconds = (performance.now() - t0) / 1000;
  const requests = r.requests.total;
  return {
    rps: opts.amount ? requests / seconds : r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors,
    requests,
    seconds,
  };
}

export function describe(label: string, f: Figures): string {
  return `  ${label.padEnd(34)} ${f.rps.toFixed(0).padStart(5)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(4)} ms   ${f.bad} non-2xx/errors of ${f.requests}`;
}

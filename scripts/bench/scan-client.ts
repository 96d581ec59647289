// A client of the load benchmark: what a well-behaved SDK does, with its answers tallied.
// A 503 (or a dropped connection) is retried after Retry-After (capped), as the spec asks.

export type Tally = {
  statuses: Map<string, number>;
  latency: Map<string, number[]>;
  liveStarts: number;
  scans: { vitals: number; fallback: number; sandbox: number; unanswered: number };
  completedIds: string[];
};

export function newTally(): Tally {
  return {
    statuses: new Map(),
    latency: new Map(),
    liveStarts: 0,
    scans: { vitals: 0, fallback: 0, sandbox: 0, unanswered: 0 },
    completedIds: [],
  };
}

const MAX_TRIES = 12;

async function call(t: Tally, step: string, url: string, init: RequestInit): Promise<Response | null> {
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const t0 = performance.now();
    const res = await fetch(url, init).catch(() => null);
    const ms = performance.now() - t0;
    const code = res ? String(res.status) : "network error";
    t.statuses.set(`${step} ${code}`, (t.statuses.get(`${step} ${code}`) ?? 0) + 1);
    if (res && res.status !== 503) {
      t.latency.set(step, [...(t.latency.get(step) ?? []), ms]);
      return res;
    }
    const wait = Math.min(2, Number(res?.headers.get("retry-after") ?? 1)) * 1000;
    await res?.body?.cancel();
    await new Promise((r) => setTimeout(r, wait));
  }
  return null;
}

async function start(t: Tally, base: string, key: string, live: boolean) {
  const res = await call(t, "start", `${base}/sdk/session/start`, { method: "POST", headers: { "x-api-key": key } });
  if (res?.status !== 200) {
    await res?.body?.cancel();
    return null;
  }
  if (live) t.liveStarts++;
  return (await res.json()) as { session_id: string; upload_url: string };
}

/** Session start only (the session expires unused). */
export async function startOnly(t: Tally, base: string, key: string) {
  await start(t, base, key, true);
}

/** A full scan: start on one instance, upload, complete on another. */
export async function fullScan(
  t: Tally,
  bases: [string, string],
  key: string,
  live: boolean,
  tensor: Uint8Array<ArrayBuffer>,
) {
  const session = await start(t, bases[0], key, live);
  if (!session) return;
  const put = await call(t, "upload", session.upload_url, {
    method: "PUT",
    headers: { "content-type": "application/octet-stream" },
    body: tensor,
  });
  await put?.body?.cancel();
  const res = await call(t, "complete", `${bases[1]}/sdk/session/upload-complete`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ session_id: session.session_id }),
  });
  const body = res?.status === 200 ? await res.json() : null;
  if (!body) {
    t.scans.unanswered++;
    return;
  }
  t.completedIds.push(session.session_id);
  if (!live) t.scans.sandbox++;
  else if (body.vitals.confidence > 0) t.scans.vitals++;
  else t.scans.fallback++;
}

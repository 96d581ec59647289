import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { rmSync } from "node:fs";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { verifyWebhook } from "@/sdk/src/webhooks";
import { openApiDocument } from "@/lib/openapi/document";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import { createDatabase, dropDatabase } from "@/test/pg-admin";
import { startBuiltServer } from "@/test/built-server";
import { developerWithToken } from "@/test/developer-fixtures";
import { createApiKey } from "@/test/fixtures";
import { freePort } from "@/test/server-process";
import { startReceiver } from "@/test/webhook-receiver";

// Webhook delivery through the production server (docs/webhooks.md), to a real HTTP receiver on
// this machine: signed scan events with the reference, retries with the same event id, a
// receiver that hangs, the scan's answer time with a dead receiver, giving up and disabling,
// the vitals gone from the log once delivered or given up (persistence off), and the address
// checks with loopback refused as in production.

let server: ChildProcess | undefined;
let base = "";
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const dirs: string[] = [];

const SETTINGS = {
  PERSIST_VITALS: "false",
  WEBHOOK_RETRY_SCHEDULE: "1,1,1",
  WEBHOOK_TIMEOUT_MS: "1000",
  WEBHOOK_POLL_MS: "100",
};

/** One server at a time: every instance drains the same queue, whatever its own settings. */
async function serve(name: string, settings: Record<string, string>) {
  server?.kill();
  const started = await startBuiltServer(name, await freePort(), { ...SETTINGS, ...settings });
  ({ server, base } = started);
  dirs.push(started.dataDir);
}

// A database of its own (the server migrates it at start): the run's other servers drain the
// shared database's queue with their own settings.
let database: { name: string; url: string } | undefined;

beforeAll(async () => {
  database = await createDatabase("vitals_webhooks");
  process.env.DATABASE_URL = database.url;
  resetEnv();
  receiver = await startReceiver();
  await serve("webhooks", { WEBHOOK_ALLOW_LOOPBACK: "true" });
});

afterAll(async () => {
  server?.kill();
  await receiver?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await db.$disconnect();
  if (database) await dropDatabase(database.name);
});

/** An account with a live and a test key, signed in through the server (its own ID-token key). */
async function account() {
  const at = base;
  const { dev, password } = await developerWithToken();
  const live = await createApiKey(dev.id, "live");
  const test = await createApiKey(dev.id, "test");
  const login = await fetch(`${at}/developer/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: dev.email, password }),
  });
  const { id_token } = await login.json();
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${at}${path}`, {
      method,
      headers: { authorization: `Bearer ${id_token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const addEndpoint = async (url: string, environment = "test", event_types = ["scan.completed", "scan.failed"]) => {
    const res = await api("POST", "/developer/webhooks", { url, environment, event_types });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: string; secret: string };
  };
  return { dev, live, test, api, addEndpoint };
}

/** One sandbox scan over HTTP; returns upload-complete's answer and how long it took. */
async function scan(key: string, start: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const h = { "x-api-key": key, "content-type": "application/json", ...headers };
  const started = await (
    await fetch(`${base}/sdk/session/start`, { method: "POST", headers: h, body: JSON.stringify(start) })
  ).json();
  await fetch(started.upload_url, {
    method: "PUT",
    headers: { "content-type": "video/webm", ...headers },
    body: new Uint8Array(1024),
  });
  const t0 = performance.now();
  const res = await fetch(`${base}/sdk/session/upload-complete`, {
    method: "POST",
    headers: h,
    body: JSON.stringify({ session_id: started.session_id }),
  });
  const ms = performance.now() - t0;
  expect(res.status).toBe(200);
  return { body: await res.json(), ms, sessionId: started.session_id as string };
}

// Every event received is held to the OpenAPI document's `webhooks` schema of its type.
const doc = openApiDocument("http://localhost");
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
function documented(body: string) {
  const event = JSON.parse(body);
  const hook = (
    doc.webhooks as Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>
  )[event.type];
  expect(hook, `${event.type} is documented`).toBeDefined();
  const validate = ajv.compile(hook.post.requestBody.content["application/json"].schema);
  expect(validate(event), `${event.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
  return event;
}

const deliveriesOf = (endpointId: string) =>
  db.webhookDelivery.findMany({ where: { endpointId }, include: { tries: { orderBy: { at: "asc" } }, event: true } });

async function settled(endpointId: string, count = 1) {
  return vi.waitFor(
    async () => {
      const rows = await deliveriesOf(endpointId);
      expect(rows.length).toBe(count);
      for (const r of rows) expect(r.status).not.toBe("pending");
      return rows;
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe("webhook delivery", () => {
  it("a scan with a client token delivers scan.completed with its reference and metadata, signed", async () => {
    const me = await account();
    const hook = await me.addEndpoint(`${receiver.base}/ok`);
    const mint = await fetch(`${base}/sdk/client-token`, {
      method: "POST",
      headers: { "x-api-key": me.test.key, "content-type": "application/json" },
      body: JSON.stringify({
        origins: ["https://app.example.com"],
        client_reference_id: "order-42",
        metadata: { clinic: "north", visit: "7" },
      }),
    });
    const { token } = await mint.json();
    const { sessionId, body } = await scan(token, {}, { origin: "https://app.example.com" });
    const [delivery] = await settled(hook.id);
    expect(delivery.status).toBe("succeeded");
    const [got] = receiver.at("/ok").filter((r) => r.headers["webhook-id"] === delivery.eventId);
    const event = verifyWebhook(got.body, got.headers as Record<string, string>, hook.secret);
    documented(got.body);
    // The published Standard Webhooks verifier accepts it as well.
    expect(() => new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>)).not.toThrow();
    expect(event).toMatchObject({ id: delivery.eventId, type: "scan.completed", environment: "test" });
    expect(event.data).toMatchObject({
      session_id: sessionId,
      client_reference_id: "order-42",
      metadata: { clinic: "north", visit: "7" },
      vitals: body.vitals,
    });
    // A changed body or another secret does not verify.
    expect(() => verifyWebhook(`${got.body} `, got.headers as Record<string, string>, hook.secret)).toThrow();
    const other = (await me.addEndpoint(`${receiver.base}/unused`)).secret;
    expect(() => verifyWebhook(got.body, got.headers as Record<string, string>, other)).toThrow();
    // Persistence is off: once delivered, the log keeps no vitals.
    await vi.waitFor(async () => {
      const row = await db.webhookEvent.findUniqueOrThrow({ where: { id: delivery.eventId } });
      expect(row.payload).not.toHaveProperty("vitals");
      expect(row.payload).toMatchObject({ vitals_deleted: true, client_reference_id: "order-42" });
    });
  });

  it("a receiver that answers 500 twice, then 200, gets one accepted delivery with the same event id", async () => {
    const me = await account();
    receiver.script("/flaky", [500, 500, 200]);
    const hook = await me.addEndpoint(`${receiver.base}/flaky`);
    await scan(me.test.key);
    const [delivery] = await settled(hook.id);
    expect(delivery.status).toBe("succeeded");
    expect(delivery.tries.map((t) => t.statusCode)).toEqual([500, 500, 200]);
    // The failed answers' excerpts went with the vitals (a receiver may echo the body).
    await vi.waitFor(async () => {
      const tries = await db.webhookAttempt.findMany({ where: { deliveryId: delivery.id } });
      expect(tries.map((t) => t.excerpt)).toEqual([null, null, null]);
    });
    const got = receiver.at("/flaky");
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.headers["webhook-id"]))).toEqual(new Set([delivery.eventId]));
    // Retried after the schedule's second (±20 %), not at once.
    expect(got[1].at - got[0].at).toBeGreaterThanOrEqual(700);
  });

  it("keeps a short excerpt of a failed answer, none of an accepted one", async () => {
    const me = await account();
    receiver.script("/excerpt", [500, 200]);
    const hook = await me.addEndpoint(`${receiver.base}/excerpt`);
    expect((await me.api("POST", `/developer/webhooks/${hook.id}/test`)).status).toBe(202);
    const [delivery] = await settled(hook.id);
    expect(delivery.tries.map((t) => [t.statusCode, t.excerpt])).toEqual([
      [500, "failed with 500"],
      [200, null],
    ]);
  });

  it("a receiver that hangs times out, and the delivery is tried again", async () => {
    const me = await account();
    receiver.script("/slow", ["hang", 200]);
    const hook = await me.addEndpoint(`${receiver.base}/slow`);
    await scan(me.test.key);
    const [delivery] = await settled(hook.id);
    expect(delivery.status).toBe("succeeded");
    expect(delivery.tries[0]).toMatchObject({ statusCode: null, error: "No answer within 1000 ms" });
    expect(delivery.tries[0].durationMs).toBeGreaterThanOrEqual(950);
    expect(delivery.tries[1].statusCode).toBe(200);
  });

  it("a dead receiver leaves the scan's answer time unchanged; given up, the endpoint is disabled with a mail and no vitals remain", async () => {
    const quiet = await account();
    const me = await account();
    receiver.script("/dead", ["hang"]);
    const hook = await me.addEndpoint(`${receiver.base}/dead`);
    const times = { without: [] as number[], with: [] as number[] };
    for (let i = 0; i < 6; i++) {
      times.without.push((await scan(quiet.test.key)).ms);
      times.with.push((await scan(me.test.key)).ms);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Each answer comes well before a single attempt could time out.
    expect(Math.max(...times.with)).toBeLessThan(1000);
    expect(median(times.with)).toBeLessThan(median(times.without) * 2 + 50);
    const rows = await settled(hook.id, 6);
    // 1 + 3 retries, then given up; the endpoint is off, so the rest end with it.
    expect(Math.max(...rows.map((r) => r.attempts))).toBe(4);
    expect(rows.every((r) => r.status === "failed")).toBe(true);
    const endpoint = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } });
    expect(endpoint).toMatchObject({ disabledReason: "failing" });
    await vi.waitFor(() => {
      const outbox = process.env.MAIL_OUTBOX_DIR!;
      const mails = readdirSync(outbox).map((f) => readFileSync(`${outbox}/${f}`, "utf8"));
      expect(mails.some((m) => m.includes(me.dev.email) && m.includes("A webhook endpoint was disabled"))).toBe(true);
    });
    for (const r of rows) {
      const event = await db.webhookEvent.findUniqueOrThrow({ where: { id: r.eventId } });
      expect(event.payload).not.toHaveProperty("vitals");
      expect(event.vitalsDeletedAt).not.toBeNull();
    }
    // Disabled, it gets no new events.
    await scan(me.test.key);
    expect(await deliveriesOf(hook.id)).toHaveLength(6);
  });

  it("events go only to endpoints of their environment and types", async () => {
    const me = await account();
    const live = await me.addEndpoint(`${receiver.base}/live-only`, "live");
    const usage = await me.addEndpoint(`${receiver.base}/usage-only`, "test", ["usage.threshold"]);
    await scan(me.test.key);
    await new Promise((r) => setTimeout(r, 500));
    expect(await deliveriesOf(live.id)).toHaveLength(0);
    expect(await deliveriesOf(usage.id)).toHaveLength(0);
    const revoked = await me.addEndpoint(`${receiver.base}/keys`, "live", ["key.revoked"]);
    const keys = await (await me.api("GET", "/developer/keys")).json();
    const liveKey = keys.keys.find((k: { environment: string }) => k.environment === "live");
    expect((await me.api("DELETE", `/developer/keys/${liveKey.id}`)).status).toBe(200);
    const [delivery] = await settled(revoked.id);
    expect(delivery.event.payload).toMatchObject({
      key_id: liveKey.id,
      prefix: liveKey.prefix,
      revoked_by: "developer",
    });
    documented(receiver.at("/keys")[0].body);
  });

  it("a live scan answered with fallback values sends scan.failed with the reason", async () => {
    const me = await account();
    const hook = await me.addEndpoint(`${receiver.base}/failed`, "live", ["scan.failed", "scan.completed"]);
    // Not a tensor: inference fails, the client gets fallback values (confidence 0).
    const { body, sessionId } = await scan(me.live.key);
    expect(body.vitals.confidence).toBe(0);
    const [delivery] = await settled(hook.id);
    const event = documented(receiver.at("/failed")[0].body);
    expect(event).toMatchObject({ id: delivery.eventId, type: "scan.failed", environment: "live" });
    expect(event.data).toMatchObject({ session_id: sessionId, vitals: body.vitals });
    expect(event.data.reason).toMatch(/^[A-Z_]+$/);
  });

  it("does not follow a redirect, to a private address or anywhere", async () => {
    const me = await account();
    receiver.script("/redirect-metadata", [{ status: 302, location: "http://169.254.169.254/latest/meta-data/" }]);
    receiver.script("/redirect-here", [{ status: 307, location: `${receiver.base}/redirect-target` }]);
    const a = await me.addEndpoint(`${receiver.base}/redirect-metadata`, "test", ["scan.completed"]);
    const b = await me.addEndpoint(`${receiver.base}/redirect-here`, "test", ["scan.completed"]);
    await scan(me.test.key);
    const [first] = await settled(a.id);
    const [second] = await settled(b.id);
    expect(first.tries[0]).toMatchObject({
      statusCode: 302,
      error: "Redirect to http://169.254.169.254/latest/meta-data/ not followed",
    });
    expect(second.tries.every((t) => t.statusCode === 307)).toBe(true);
    expect(receiver.at("/redirect-target")).toHaveLength(0);
  });

  // Last in this block: it stops the server (the next block starts its own).
  it("a stopping server records the attempt it has in flight before it exits", async () => {
    const me = await account();
    receiver.script("/in-flight", ["hang"]);
    const hook = await me.addEndpoint(`${receiver.base}/in-flight`);
    expect((await me.api("POST", `/developer/webhooks/${hook.id}/test`)).status).toBe(202);
    await vi.waitFor(() => expect(receiver.at("/in-flight")).toHaveLength(1), { timeout: 10_000 });
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server!.kill("SIGTERM");
    await exited;
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery.tries).toHaveLength(1);
    expect(delivery.tries[0].error).toBe("No answer within 1000 ms");
    expect(delivery).toMatchObject({ status: "pending", lockedUntil: null, attempts: 1 });
  });
});

describe("where deliveries may go, loopback refused as in production", () => {
  beforeAll(() => serve("webhooks-guarded", { WEBHOOK_ALLOW_LOOPBACK: "false" }));

  it("refuses loopback, link-local and private addresses as written, and names resolving to them", async () => {
    const me = await account();
    for (const url of [
      "https://127.0.0.1/hook",
      "http://127.0.0.1:8080/hook",
      "https://localhost/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.7/hook",
      "https://[::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "http://hooks.example.com/plain-http",
    ]) {
      const res = await me.api("POST", "/developer/webhooks", {
        url,
        environment: "test",
        event_types: ["scan.completed"],
      });
      expect(res.status, url).toBe(400);
      expect((await res.json()).error).toBe("INVALID_REQUEST");
    }
    // A name is checked when it is resolved: this machine's own name resolves to loopback.
    const { hostname } = await import("node:os");
    const hook = await me.addEndpoint(`https://${hostname()}:1/hook`);
    expect((await me.api("POST", `/developer/webhooks/${hook.id}/test`)).status).toBe(202);
    const [delivery] = await vi.waitFor(
      async () => {
        const rows = await deliveriesOf(hook.id);
        expect(rows[0]?.tries.length).toBeGreaterThan(0);
        return rows;
      },
      { timeout: 10_000 },
    );
    // Loopback here; a private address where the machine's name resolves to its network's.
    expect(delivery.tries[0].error).toMatch(
      /^Refused: .+ resolves to a (loopback|private, link-local or reserved) address$/,
    );
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { resetEnv } from "@/lib/env";
import { createApiKey, createDeveloper, personalActor } from "@/test/fixtures";
import { attemptDelivery, claimDue } from "./attempt-delivery";
import { emitEvent } from "./emit";
import { createEndpoint, updateEndpoint } from "./endpoints";
import { forgetDeliveredVitals } from "./forget-vitals";
import { emitKeysExpiring } from "./key-events";
import { listDeliveries, MANUAL_SENDS_PER_HOUR, pruneWebhookLog, replayDelivery, sendTestEvent } from "./deliveries";
import { sendUsageAlerts } from "@/lib/usage/usage-alerts";
import { setScansThisMonth } from "@/test/fixtures";
import { runOnOwnDatabase } from "@/test/own-database";

// The queue's rules on the real database (docs/webhooks.md): who gets an event, one claim per
// due delivery across instances, when a scan event's vitals are deleted, and what the sweeper
// queues and prunes. On a database of its own: the dispatchers of the server tests running beside
// it would claim its deliveries, and its claims at a clock ahead would take theirs.

runOnOwnDatabase("vitals_webhooks");

afterEach(() => {
  delete process.env.PERSIST_VITALS;
  resetEnv();
});

async function accountWithEndpoint(environment: "live" | "test" = "live", types = ["scan.completed"]) {
  const dev = await createDeveloper();
  const { endpoint } = await createEndpoint(personalActor(dev.id, "127.0.0.1"), {
    url: "https://hooks.example.com/x",
    environment,
    event_types: types as never,
  });
  return { dev, endpoint };
}

const scanCompleted = (developerId: string, environment: "live" | "test" = "live") => ({
  developerId,
  environment,
  type: "scan.completed" as const,
  data: { session_id: "s", client_reference_id: "r-1", vitals: { heart_rate: { value: 70, confidence: 0.9 } } },
});

describe("queueing", () => {
  it("queues a delivery for each enabled endpoint of the event's environment and type, and nothing when nobody listens", async () => {
    const { dev, endpoint } = await accountWithEndpoint("live");
    const { endpoint: testOnly } = await createEndpoint(personalActor(dev.id, "127.0.0.1"), {
      url: "https://hooks.example.com/t",
      environment: "test",
      event_types: ["scan.completed"],
    });
    const { endpoint: keysOnly } = await createEndpoint(personalActor(dev.id, "127.0.0.1"), {
      url: "https://hooks.example.com/k",
      environment: "live",
      event_types: ["key.revoked"],
    });
    const id = await emitEvent(db, scanCompleted(dev.id));
    const deliveries = await db.webhookDelivery.findMany({ where: { eventId: id! } });
    expect(deliveries.map((d) => d.endpointId)).toEqual([endpoint.id]);
    expect(testOnly.id).not.toBe(keysOnly.id);
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { disabledAt: new Date() } });
    expect(await emitEvent(db, scanCompleted(dev.id))).toBeNull();
    const other = await createDeveloper();
    expect(await emitEvent(db, scanCompleted(other.id))).toBeNull();
  });

  it("hands each due delivery to one claimant, however many claim at once", async () => {
    const { dev } = await accountWithEndpoint();
    for (let i = 0; i < 12; i++) await emitEvent(db, scanCompleted(dev.id));
    const now = new Date(Date.now() + 1000);
    const claims = await Promise.all([claimDue(1000, now), claimDue(1000, now), claimDue(1000, now)]);
    const ids = claims.flat().map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const mine = await db.webhookDelivery.findMany({ where: { endpoint: { developerId: dev.id } } });
    for (const d of mine) expect(ids).toContain(d.id);
    // Held: nobody claims them again until the lock lapses.
    expect((await claimDue(1000, now)).filter((c) => mine.some((d) => d.id === c.id))).toHaveLength(0);
  });
});

describe("claims and attempts", () => {
  it("takes at most WEBHOOK_ENDPOINT_CONCURRENCY from one endpoint, so another's delivery is not held behind its backlog", async () => {
    const { dev: a } = await accountWithEndpoint();
    const { dev: b, endpoint: other } = await accountWithEndpoint();
    for (let i = 0; i < 40; i++) await emitEvent(db, scanCompleted(a.id));
    await emitEvent(db, scanCompleted(b.id));
    const now = new Date(Date.now() + 1000);
    const first = await claimDue(1000, now);
    const mine = (id: string) => first.filter((c) => c.developerId === id);
    expect(mine(a.id)).toHaveLength(16);
    expect(mine(b.id).map((c) => c.endpointId)).toEqual([other.id]);
    // A's 16 are held: a second claim takes none of A's until one is recorded.
    expect((await claimDue(1000, now)).filter((c) => c.developerId === a.id)).toHaveLength(0);
  });

  it("an attempt that ends after its endpoint was disabled is logged, and leaves the delivery ended", async () => {
    const { dev, endpoint } = await accountWithEndpoint();
    await emitEvent(db, scanCompleted(dev.id));
    const [claimed] = (await claimDue(1000, new Date(Date.now() + 1000))).filter((c) => c.endpointId === endpoint.id);
    await updateEndpoint(personalActor(dev.id, "127.0.0.1"), endpoint.id, { enabled: false });
    // The name does not resolve on this machine: the attempt fails, as a dead receiver's would.
    await attemptDelivery(claimed);
    const delivery = await db.webhookDelivery.findUniqueOrThrow({
      where: { id: claimed.id },
      include: { tries: true },
    });
    expect(delivery).toMatchObject({ status: "failed", lastError: "The endpoint was disabled" });
    expect(delivery.tries).toHaveLength(1);
  });

  it("disables an endpoint whose given-up delivery saw no success since its event, and no other", async () => {
    process.env.WEBHOOK_RETRY_SCHEDULE = "1";
    resetEnv();
    try {
      const outcomes: (string | null)[] = [];
      for (const succeededSince of [false, true]) {
        const { dev, endpoint } = await accountWithEndpoint();
        await emitEvent(db, scanCompleted(dev.id));
        if (succeededSince)
          await db.webhookEndpoint.update({
            where: { id: endpoint.id },
            data: { lastSuccessAt: new Date(Date.now() + 500) },
          });
        const now = new Date(Date.now() + 1000);
        for (const _attempt of [1, 2]) {
          await db.webhookDelivery.updateMany({ where: { endpointId: endpoint.id }, data: { nextAttemptAt: now } });
          const [claimed] = (await claimDue(1000, now)).filter((c) => c.endpointId === endpoint.id);
          await attemptDelivery(claimed);
        }
        const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
        outcomes.push(row.disabledReason);
      }
      expect(outcomes).toEqual(["failing", null]);
    } finally {
      delete process.env.WEBHOOK_RETRY_SCHEDULE;
    }
  });

  it("allows 60 test events and replays per endpoint an hour", async () => {
    const { dev, endpoint } = await accountWithEndpoint();
    const actor = personalActor(dev.id, "127.0.0.1");
    for (let i = 0; i < MANUAL_SENDS_PER_HOUR; i++) await sendTestEvent(actor, endpoint.id);
    await expect(sendTestEvent(actor, endpoint.id)).rejects.toMatchObject({ code: "RATE_LIMIT_EXCEEDED" });
    const [delivery] = await db.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, take: 1 });
    await expect(replayDelivery(actor, delivery.id)).rejects.toMatchObject({ code: "RATE_LIMIT_EXCEEDED" });
    // An hour later, again.
    expect(await sendTestEvent(actor, endpoint.id, new Date(Date.now() + 3_601_000))).toHaveProperty("event_id");
  });

  it("pages only through the endpoint's own deliveries", async () => {
    const { dev, endpoint } = await accountWithEndpoint();
    const { dev: other } = await accountWithEndpoint();
    await emitEvent(db, scanCompleted(dev.id));
    await emitEvent(db, scanCompleted(other.id));
    const foreign = await db.webhookDelivery.findFirstOrThrow({ where: { endpoint: { developerId: other.id } } });
    await expect(listDeliveries(dev.id, endpoint.id, foreign.id)).rejects.toMatchObject({ code: "INVALID_REQUEST" });
  });
});

describe("the vitals in the log", () => {
  async function finishedEvent(persist: boolean) {
    process.env.PERSIST_VITALS = String(persist);
    resetEnv();
    const { dev } = await accountWithEndpoint();
    const id = (await emitEvent(db, scanCompleted(dev.id)))!;
    return id;
  }
  const payloadOf = async (id: string) => (await db.webhookEvent.findUniqueOrThrow({ where: { id } })).payload;

  it("with persistence off: kept while a delivery is pending, deleted once none is", async () => {
    const id = await finishedEvent(false);
    await forgetDeliveredVitals(new Date(), { eventId: id });
    expect(await payloadOf(id)).toHaveProperty("vitals");
    await db.webhookDelivery.updateMany({ where: { eventId: id }, data: { status: "failed" } });
    await forgetDeliveredVitals(new Date(), { eventId: id });
    expect(await payloadOf(id)).toEqual({ session_id: "s", client_reference_id: "r-1", vitals_deleted: true });
  });

  it("an endpoint's scope reaches only the events delivered to it", async () => {
    process.env.PERSIST_VITALS = "false";
    resetEnv();
    const { dev, endpoint } = await accountWithEndpoint();
    const other = await accountWithEndpoint();
    const mine = (await emitEvent(db, scanCompleted(dev.id)))!;
    const theirs = (await emitEvent(db, scanCompleted(other.dev.id)))!;
    await db.webhookDelivery.updateMany({ where: { eventId: { in: [mine, theirs] } }, data: { status: "failed" } });
    await forgetDeliveredVitals(new Date(), { endpointId: endpoint.id });
    expect(await payloadOf(mine)).not.toHaveProperty("vitals");
    expect(await payloadOf(theirs)).toHaveProperty("vitals");
  });

  it("with persistence on: also kept until the result's TTL has passed", async () => {
    const id = await finishedEvent(true);
    await db.webhookDelivery.updateMany({ where: { eventId: id }, data: { status: "succeeded" } });
    await forgetDeliveredVitals(new Date());
    expect(await payloadOf(id)).toHaveProperty("vitals");
    await forgetDeliveredVitals(new Date(Date.now() + 901_000));
    expect(await payloadOf(id)).not.toHaveProperty("vitals");
  });
});

describe("the sweeper's part", () => {
  it("queues key.expiring once per key, 7 days ahead", async () => {
    const { dev, endpoint } = await accountWithEndpoint("live", ["key.expiring"]);
    const soon = await createApiKey(dev.id, "live", { expiresAt: new Date(Date.now() + 6 * 86_400_000) });
    await createApiKey(dev.id, "live", { expiresAt: new Date(Date.now() + 9 * 86_400_000) });
    await emitKeysExpiring(new Date());
    await emitKeysExpiring(new Date());
    const events = await db.webhookEvent.findMany({ where: { deliveries: { some: { endpointId: endpoint.id } } } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "key.expiring", payload: { key_id: soon.id, prefix: soon.prefix } });
  });

  it("queues usage.threshold with each quota mail's claim: once at 80 % and once at 100 % a month", async () => {
    const { dev, endpoint } = await accountWithEndpoint("live", ["usage.threshold"]);
    const now = new Date();
    await setScansThisMonth(dev.id, 80, now);
    const unsent = { at80: true, at100: true };
    await sendUsageAlerts(dev, 80, 100, unsent, now);
    await sendUsageAlerts(dev, 80, 100, unsent, now);
    await setScansThisMonth(dev.id, 100, now);
    await sendUsageAlerts(dev, 100, 100, unsent, now);
    const events = await db.webhookEvent.findMany({
      where: { deliveries: { some: { endpointId: endpoint.id } } },
      orderBy: { createdAt: "asc" },
    });
    const month = now.toISOString().slice(0, 7);
    expect(events.map((e) => e.payload)).toEqual([
      { percent: 80, used: 80, limit: 100, month },
      { percent: 100, used: 100, limit: 100, month },
    ]);
  });

  it("prunes events older than 30 days with their deliveries", async () => {
    const { dev } = await accountWithEndpoint();
    const id = (await emitEvent(db, scanCompleted(dev.id)))!;
    await pruneWebhookLog(new Date(Date.now() + 29 * 86_400_000));
    expect(await db.webhookEvent.count({ where: { id } })).toBe(1);
    await pruneWebhookLog(new Date(Date.now() + 31 * 86_400_000));
    expect(await db.webhookEvent.count({ where: { id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { eventId: id } })).toBe(0);
  });
});

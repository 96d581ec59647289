import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { audit } from "@/lib/audit/audit";
import { createApiKey, createDeveloper, setScansThisMonth } from "@/test/fixtures";
import { listQueue } from "./queues";
import { getAccountTimeline, TIMELINE_PAGE_SIZE } from "./account-timeline";
import { getAccountOverview, stripeCustomerUrl } from "./account-overview";
import { revokeKeyAsStaff } from "./staff-actions";
import type { QueueName } from "./schemas";

/** Every id in a queue, page after page (the test database holds other suites' accounts too). */
async function idsIn(queue: QueueName) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const p = await listQueue(queue, page);
    ids.push(...p.rows.map((r) => r.id));
    if (page >= p.pageCount) return ids;
  }
}

describe("support queues", () => {
  it("awaiting approval holds verified pending accounts only; suspended holds suspended ones", async () => {
    const waiting = await db.developer.update({
      where: { id: (await createDeveloper({ status: "pending" })).id },
      data: { emailVerifiedAt: new Date() },
    });
    const unverified = await createDeveloper({ status: "pending" });
    const suspended = await createDeveloper({ status: "suspended" });
    const approval = await idsIn("approval");
    expect(approval).toContain(waiting.id);
    expect(approval).not.toContain(unverified.id);
    expect(approval).not.toContain(suspended.id);
    const queue = await idsIn("suspended");
    expect(queue).toContain(suspended.id);
    expect(queue).not.toContain(waiting.id);
    expect((await listQueue("newest", 1)).rows.length).toBeGreaterThan(0);
  });

  it("over 80% of quota: by each plan's own limit, this month only, with the figures", async () => {
    const starterOver = await createDeveloper({ plan: "starter" });
    await setScansThisMonth(starterOver.id, 400); // 80% of 500
    const starterUnder = await createDeveloper({ plan: "starter" });
    await setScansThisMonth(starterUnder.id, 399);
    const proUnder = await createDeveloper({ plan: "pro" });
    await setScansThisMonth(proUnder.id, 3_999); // under 80% of 5,000
    const lastMonth = await createDeveloper({ plan: "starter" });
    await setScansThisMonth(lastMonth.id, 500, new Date(Date.UTC(2020, 0, 15)));
    const ids = await idsIn("quota");
    expect(ids).toContain(starterOver.id);
    for (const d of [starterUnder, proUnder, lastMonth]) expect(ids).not.toContain(d.id);
    const rows = [];
    for (let page = 1; page <= (await listQueue("quota", 1)).pageCount; page++)
      rows.push(...(await listQueue("quota", page)).rows);
    expect(rows.find((r) => r.id === starterOver.id)?.scans).toEqual({ count: 400, limit: 500 });
  });
});

describe("account page data", () => {
  it("timeline: the developer's own actions, staff actions on the account and on its keys, nobody else's, newest first, paginated", async () => {
    const dev = await createDeveloper();
    const other = await createDeveloper();
    const staff = await createDeveloper({ role: "staff" });
    const key = await createApiKey(dev.id);
    for (let i = 0; i < TIMELINE_PAGE_SIZE + 2; i++) {
      await audit(db, {
        actorId: dev.id,
        actorType: "developer",
        action: "developer.login",
        targetType: "developer",
        targetId: dev.id,
        ip: "192.0.2.1",
      });
    }
    await audit(db, {
      actorId: other.id,
      actorType: "developer",
      action: "developer.login",
      targetType: "developer",
      targetId: other.id,
    });
    await revokeKeyAsStaff(
      { id: staff.id, ip: "203.0.113.9" },
      { developerId: dev.id, keyId: key.id, reason: "Leaked" },
    );
    const first = await getAccountTimeline(dev.id, 1);
    expect(first.total).toBe(TIMELINE_PAGE_SIZE + 3);
    expect(first.pageCount).toBe(2);
    expect(first.entries[0]).toMatchObject({
      action: "api_key.revoke",
      actor: `staff ${staff.email}`,
      reason: "Leaked",
      ip: "203.0.113.9",
    });
    expect(first.entries[1]).toMatchObject({
      action: "developer.login",
      actor: "the developer",
      ip: "192.0.2.1",
      reason: null,
    });
    const second = await getAccountTimeline(dev.id, 2);
    expect(second.entries).toHaveLength(3);
    expect([...first.entries, ...second.entries].map((e) => e.id)).toHaveLength(
      new Set([...first.entries, ...second.entries].map((e) => e.id)).size,
    );
  });

  it("overview: profile, keys, usage and Stripe state, never a password hash, key hash or token", async () => {
    const dev = await createDeveloper({ plan: "pro" });
    const org = await db.organization.update({
      where: { id: dev.id },
      data: { stripeCustomerId: `cus_${Date.now()}`, stripeSubscriptionStatus: "past_due" },
    });
    const key = await createApiKey(dev.id, "live");
    await setScansThisMonth(dev.id, 42);
    const overview = (await getAccountOverview(dev.id))!;
    expect(overview.profile).toMatchObject({ email: dev.email, plan: "pro", status: "active" });
    expect(overview.billing).toMatchObject({ customer_id: org.stripeCustomerId, subscription_status: "past_due" });
    expect(overview.keys).toMatchObject([{ id: key.id, prefix: key.prefix, environment: "live", state: "active" }]);
    expect(overview.usage.current_month.scan_count).toBe(42);
    expect(overview.history).toHaveLength(6);
    const text = JSON.stringify(overview);
    for (const secret of [dev.passwordHash, key.keyHash, key.key]) expect(text).not.toContain(secret);
    expect(await getAccountOverview("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("links a customer to Stripe's test dashboard unless the key is live", () => {
    expect(stripeCustomerUrl("cus_1", "sk_test_x")).toBe("https://dashboard.stripe.com/test/customers/cus_1");
    expect(stripeCustomerUrl("cus_1", "sk_live_x")).toBe("https://dashboard.stripe.com/customers/cus_1");
  });
});

import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, listMigrations, MIGRATIONS_DIR } from "@/lib/migrations/apply-migrations";
import { pgExecutor } from "@/lib/migrations/executors";
import { createDatabase, dropDatabase } from "@/test/pg-admin";

// The organizations migration moves plan and billing from Developer to a personal Organization
// with the account's own id, and re-points every tenant table's "developerId" to it. On a database
// populated in the old schema, it must lose nothing, change no existing value, and leave every key
// resolving to the same plan and status it had.
const TARGET = "20261128005155_organizations";

// Tables whose "developerId" named the account and now names its personal organization.
const TENANT_TABLES = [
  "ApiKey",
  "ClientToken",
  "Session",
  "UsageMonth",
  "TryItDay",
  "RateHit",
  "RateCounter",
  "RequestLog",
  "WebhookEndpoint",
  "WebhookEvent",
];
const MOVED_COLUMNS = ["plan", "stripeCustomerId", "stripeSubscriptionId", "stripeEventAt", "stripeSubscriptionStatus"];
const NEW_TABLES = ["Invitation", "Membership", "Organization"];

type Row = Record<string, unknown>;
type Snapshot = {
  columns: Map<string, string[]>;
  rows: Map<string, Row[]>;
  foreignKeys: string[];
};

const q = (name: string) => `"${name}"`;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

async function snapshot(c: pg.Client): Promise<Snapshot> {
  const columns = new Map<string, string[]>();
  const cols = await c.query<{ table: string; column: string }>(`
    SELECT table_name AS table, column_name AS column FROM information_schema.columns
    WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY table_name, ordinal_position`);
  for (const r of cols.rows) columns.set(r.table, [...(columns.get(r.table) ?? []), r.column]);

  const pks = await c.query<{ table: string; pk: string[] }>(`
    SELECT cl.relname AS table, array_agg(a.attname::text ORDER BY k.ord) AS pk
    FROM pg_index i JOIN pg_class cl ON cl.oid = i.indrelid
    CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
    JOIN pg_attribute a ON a.attrelid = cl.oid AND a.attnum = k.attnum
    WHERE i.indisprimary AND cl.relnamespace = 'public'::regnamespace
    GROUP BY cl.relname`);
  const pk = new Map(pks.rows.map((r) => [r.table, r.pk]));

  const rows = new Map<string, Row[]>();
  for (const table of columns.keys()) {
    // Ordered by primary key, so before and after line up row by row.
    const order = pk.get(table);
    if (!order) throw new Error(`${table} has no primary key to order its rows by`);
    rows.set(table, (await c.query(`SELECT * FROM ${q(table)} ORDER BY ${order.map(q).join(", ")}`)).rows);
  }

  const fks = await c.query<{ l: string }>(`
    SELECT rel.relname || ' ' || con.conname || ' ' || pg_get_constraintdef(con.oid) AS l
    FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
    WHERE con.contype = 'f' AND con.connamespace = 'public'::regnamespace ORDER BY 1`);
  return { columns, rows, foreignKeys: fks.rows.map((r) => r.l) };
}

async function insert(c: pg.Client, table: string, rows: Row[]) {
  for (const row of rows) {
    const cols = Object.keys(row);
    await c.query(
      `INSERT INTO ${q(table)} (${cols.map(q).join(", ")}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(", ")})`,
      Object.values(row),
    );
  }
}

// Accounts: every status and plan, with and without a company (and an empty one), with full,
// partial and no Stripe billing, and a staff account (which gets a personal organization too).
const ACME = id(1);
const SOLO = id(2);
const HALTED = id(3);
const STAFF = id(4);
const PASTDUE = id(5);
const GONE = id(99); // an account deleted long ago: its audit rows stay, with no organization to name

const developers: Row[] = [
  {
    id: ACME,
    email: "ada@acme.test",
    name: "Ada Lovelace",
    company: "Acme Health",
    passwordHash: "argon2$ada",
    status: "active",
    plan: "pro",
    emailVerifiedAt: "2026-01-02 10:00:00.123",
    sessionVersion: 3,
    stripeCustomerId: "cus_acme",
    stripeSubscriptionId: "sub_acme",
    stripeEventAt: "2026-11-01 08:30:00.456",
    stripeSubscriptionStatus: "active",
    totpEnabledAt: "2026-02-03 04:05:06.007",
    createdAt: "2026-01-01 09:00:00.001",
    updatedAt: "2026-11-01 08:30:01.000",
  },
  {
    id: SOLO,
    email: "sam@example.test",
    name: "Sam Solo",
    company: null,
    passwordHash: "argon2$sam",
    status: "pending",
    plan: "starter",
    signupContestedAt: "2026-11-20 12:00:00.000",
    createdAt: "2026-11-20 11:59:59.999",
    updatedAt: "2026-11-20 12:00:00.000",
  },
  {
    id: HALTED,
    email: "hal@bigcorp.test",
    name: "Hal Halted",
    company: "",
    passwordHash: "argon2$hal",
    status: "suspended",
    plan: "enterprise",
    emailVerifiedAt: "2026-03-01 00:00:00.000",
    stripeCustomerId: "cus_hal",
    stripeSubscriptionId: "sub_hal",
    stripeEventAt: "2026-10-10 10:10:10.010",
    stripeSubscriptionStatus: "canceled",
    createdAt: "2026-03-01 00:00:00.000",
    updatedAt: "2026-10-10 10:10:10.010",
  },
  {
    id: STAFF,
    email: "support@vitals.test",
    name: "Stella Staff",
    company: "Vitals",
    passwordHash: "argon2$stella",
    status: "active",
    plan: "starter",
    role: "staff",
    emailVerifiedAt: "2026-01-01 00:00:00.000",
    createdAt: "2025-12-31 23:59:59.999",
    updatedAt: "2026-01-01 00:00:00.000",
  },
  {
    id: PASTDUE,
    email: "pat@pastdue.test",
    name: "Pat Pastdue",
    company: "Pastdue Ltd",
    passwordHash: "argon2$pat",
    status: "active",
    plan: "pro",
    emailVerifiedAt: "2026-05-05 05:05:05.005",
    stripeCustomerId: "cus_pat",
    stripeEventAt: "2026-11-25 00:00:00.000",
    stripeSubscriptionStatus: "past_due",
    createdAt: "2026-05-05 05:05:05.005",
    updatedAt: "2026-11-25 00:00:00.000",
  },
];

async function populate(c: pg.Client) {
  await insert(c, "Developer", developers);
  await insert(c, "EmailToken", [
    { id: id(101), developerId: SOLO, purpose: "verify", tokenHash: "et-sam", expiresAt: "2026-11-21 12:00:00.000" },
  ]);
  await insert(c, "TotpFactor", [
    { developerId: ACME, secret: "sealed-secret", confirmedAt: "2026-02-03 04:05:06.007", lastUsedStep: 59000000 },
  ]);
  await insert(c, "RecoveryCode", [{ id: id(111), developerId: ACME, codeHash: "rc-ada-1" }]);
  await insert(c, "PortalSession", [
    {
      id: id(121),
      developerId: ACME,
      secondFactor: true,
      ip: "203.0.113.7",
      createdAt: "2026-11-27 09:00:00.000",
      expiresAt: "2026-12-27 09:00:00.000",
    },
  ]);
  await insert(c, "SupportNote", [
    { id: id(131), developerId: HALTED, authorId: STAFF, body: "Suspended: chargeback." },
  ]);
  await insert(c, "AuthThrottle", [
    { scope: "login", identifier: "hal@bigcorp.test", failures: 4, firstFailAt: "2026-11-27 10:00:00.000" },
  ]);
  await insert(c, "StripeEvent", [{ id: "evt_1", type: "customer.subscription.updated" }]);

  await insert(c, "ApiKey", [
    {
      id: id(201),
      developerId: ACME,
      name: "production",
      environment: "live",
      keyHash: "hash-acme-live",
      prefix: "vk_live_acme",
      lastUsedAt: "2026-11-27 23:00:00.000",
      secretVersion: 1,
    },
    {
      id: id(202),
      developerId: ACME,
      name: "old test key",
      environment: "test",
      keyHash: "hash-acme-test-revoked",
      prefix: "vk_test_acm0",
      revokedAt: "2026-06-01 00:00:00.000",
    },
    {
      id: id(203),
      developerId: ACME,
      name: "rolled",
      environment: "live",
      keyHash: "hash-acme-rolled-new",
      prefix: "vk_live_acm2",
      previousKeyHash: "hash-acme-rolled-old",
      previousPrefix: "vk_live_acm1",
      previousValidUntil: "2026-11-29 00:00:00.000",
    },
    {
      id: id(204),
      developerId: HALTED,
      name: "bigcorp",
      environment: "live",
      keyHash: "hash-hal-live",
      prefix: "vk_live_hal0",
    },
    {
      id: id(205),
      developerId: SOLO,
      name: "trying",
      environment: "test",
      keyHash: "hash-sam-test",
      prefix: "vk_test_sam0",
    },
    {
      id: id(206),
      developerId: PASTDUE,
      name: "expiring",
      environment: "live",
      keyHash: "hash-pat-live",
      prefix: "vk_live_pat0",
      expiresAt: "2026-12-01 00:00:00.000",
      expiryNoticeAt: "2026-11-24 00:00:00.000",
      secretVersion: 2,
    },
  ]);
  await insert(c, "KeyUsageDay", [
    { apiKeyId: id(201), day: "2026-11-26", scanCount: 40 },
    { apiKeyId: id(204), day: "2026-10-01", scanCount: 7 },
  ]);
  await insert(c, "ClientToken", [
    {
      id: id(301),
      apiKeyId: id(201),
      tokenHash: "ct-sdk",
      origins: ["https://acme.test", "https://app.acme.test"],
      maxScans: 5,
      scansUsed: 2,
      expiresAt: "2026-11-28 01:00:00.000",
      purpose: "sdk",
      keySecretVersion: 1,
      clientReferenceId: "patient-42",
      metadata: { visit: "intake" },
    },
    {
      id: id(302),
      developerId: SOLO,
      tokenHash: "ct-try-it",
      origins: [],
      maxScans: 1,
      expiresAt: "2026-11-28 01:00:00.000",
      purpose: "try_it",
    },
  ]);
  await insert(c, "Session", [
    {
      id: id(401),
      developerId: ACME,
      apiKeyId: id(201),
      environment: "live",
      status: "completed",
      demographics: { age: 40, sex: "female" },
      fallbackConfig: { allowed: true },
      storageKey: "uploads/401.mp4",
      uploadedBytes: "7340032",
      expiresAt: "2026-11-28 00:00:00.000",
      processingStartedAt: "2026-11-27 10:00:01.000",
      clientReferenceId: "patient-42",
      metadata: { visit: "intake" },
      createdAt: "2026-11-27 10:00:00.000",
      updatedAt: "2026-11-27 10:00:09.000",
    },
    {
      id: id(402),
      developerId: SOLO,
      environment: "test",
      status: "processing",
      fallbackConfig: {},
      tryIt: true,
      expiresAt: "2026-11-28 00:00:00.000",
      updatedAt: "2026-11-27 11:00:00.000",
    },
    {
      id: id(403),
      developerId: HALTED,
      apiKeyId: id(204),
      environment: "live",
      status: "failed",
      fallbackConfig: { allowed: false },
      expiresAt: "2026-10-02 00:00:00.000",
      updatedAt: "2026-10-01 12:00:00.000",
    },
  ]);
  await insert(c, "Result", [
    {
      sessionId: id(401),
      vitals: { heartRate: 72, respiratoryRate: 14 },
      processingTimeMs: 8123,
      completedAt: "2026-11-27 10:00:09.000",
      deleteAfter: "2026-12-27 10:00:09.000",
      waveforms: { ppg: [0.1, 0.2, 0.3] },
    },
  ]);
  await insert(c, "UsageMonth", [
    { developerId: ACME, month: "2026-10", scanCount: 812, lastScanAt: "2026-10-31 23:59:00.000" },
    {
      developerId: ACME,
      month: "2026-11",
      scanCount: 901,
      lastScanAt: "2026-11-27 10:00:09.000",
      alert80SentAt: "2026-11-20 00:00:00.000",
      alert100SentAt: "2026-11-26 00:00:00.000",
    },
    { developerId: HALTED, month: "2026-10", scanCount: 7 },
  ]);
  await insert(c, "TryItDay", [{ developerId: SOLO, day: "2026-11-27", scanCount: 1 }]);
  await insert(c, "RateHit", [
    { developerId: ACME, seq: "1", at: "2026-11-27 10:00:00.000" },
    { developerId: ACME, seq: "2", at: "2026-11-27 10:00:00.500" },
  ]);
  await insert(c, "RateCounter", [
    { developerId: ACME, seq: "2", lastAt: "2026-11-27 10:00:00.500", lastAllowed: true },
  ]);
  await insert(c, "RequestLog", [
    {
      developerId: ACME,
      apiKeyId: id(201),
      keyPrefix: "vk_live_acme",
      method: "POST",
      path: "/v1/sessions",
      status: 201,
      latencyMs: 35,
      requestId: id(501),
      clientReferenceId: "patient-42",
      createdAt: "2026-11-27 10:00:00.000",
    },
    {
      developerId: HALTED,
      apiKeyId: id(204),
      keyPrefix: "vk_live_hal0",
      method: "POST",
      path: "/v1/sessions",
      status: 403,
      errorCode: "account_suspended",
      latencyMs: 4,
      requestId: id(502),
      createdAt: "2026-11-27 10:05:00.000",
    },
    {
      developerId: SOLO,
      method: "POST",
      path: "/v1/try-it",
      status: 429,
      errorCode: "rate_limited",
      latencyMs: 2,
      requestId: id(503),
      createdAt: "2026-11-27 11:00:00.000",
    },
  ]);
  await insert(c, "AuditLog", [
    {
      id: id(601),
      actorId: ACME,
      actorType: "developer",
      action: "api_key.create",
      targetType: "api_key",
      targetId: id(201),
      ip: "203.0.113.7",
      details: { environment: "live" },
      createdAt: "2026-01-01 09:05:00.000",
    },
    { id: id(602), actorId: HALTED, actorType: "developer", action: "billing.checkout", targetId: HALTED },
    { id: id(603), actorId: STAFF, actorType: "staff", action: "developer.status_change", targetId: HALTED },
    { id: id(604), actorId: null, actorType: "stripe", action: "developer.plan_change", targetId: ACME },
    { id: id(605), actorId: GONE, actorType: "developer", action: "api_key.revoke", targetId: id(299) },
    { id: id(606), actorId: null, actorType: "anonymous", action: "developer.login_failed", ip: "198.51.100.1" },
    { id: id(607), actorId: ACME, actorType: "developer", action: "developer.login", targetId: ACME },
    { id: id(608), actorId: STAFF, actorType: "staff", action: "api_key.revoke", targetId: id(201) },
  ]);
  await insert(c, "WebhookEndpoint", [
    {
      id: id(701),
      developerId: ACME,
      url: "https://hooks.acme.test/vitals",
      description: "prod",
      environment: "live",
      eventTypes: ["session.completed", "session.failed"],
      secretSealed: "sealed-new",
      previousSecretSealed: "sealed-old",
      previousSecretValidUntil: "2026-11-28 00:00:00.000",
      lastSuccessAt: "2026-11-27 10:00:10.000",
      updatedAt: "2026-11-27 10:00:10.000",
    },
    {
      id: id(702),
      developerId: HALTED,
      url: "https://bigcorp.test/hook",
      environment: "live",
      eventTypes: [],
      secretSealed: "sealed-hal",
      disabledAt: "2026-10-05 00:00:00.000",
      disabledReason: "failing",
      updatedAt: "2026-10-05 00:00:00.000",
    },
  ]);
  await insert(c, "WebhookEvent", [
    {
      id: "evt_acme_1",
      developerId: ACME,
      type: "session.completed",
      environment: "live",
      payload: { sessionId: id(401) },
    },
    {
      id: "evt_hal_1",
      developerId: HALTED,
      type: "session.failed",
      environment: "live",
      payload: { sessionId: id(403) },
      vitalsDeletedAt: "2026-11-01 00:00:00.000",
    },
  ]);
  await insert(c, "WebhookDelivery", [
    {
      id: id(801),
      eventId: "evt_acme_1",
      endpointId: id(701),
      status: "succeeded",
      attempts: 1,
      lastStatusCode: 200,
      lastDurationMs: 120,
      finishedAt: "2026-11-27 10:00:10.000",
    },
    {
      id: id(802),
      eventId: "evt_acme_1",
      endpointId: id(701),
      replayOf: id(801),
      status: "pending",
    },
    {
      id: id(803),
      eventId: "evt_hal_1",
      endpointId: id(702),
      status: "failed",
      attempts: 8,
      lastError: "ECONNREFUSED",
    },
  ]);
  await insert(c, "WebhookAttempt", [
    {
      id: id(901),
      deliveryId: id(801),
      at: "2026-11-27 10:00:10.000",
      statusCode: 200,
      durationMs: 120,
      excerpt: "ok",
    },
    { id: id(902), deliveryId: id(803), at: "2026-10-04 00:00:00.000", durationMs: 5000, error: "ECONNREFUSED" },
  ]);
}

function developerRow(rows: Row[], developerId: unknown): Row {
  const dev = rows.find((d) => d.id === developerId);
  if (!dev) throw new Error(`no developer ${String(developerId)} before the migration`);
  return dev;
}

describe(`migration ${TARGET} on a populated database`, () => {
  let dbName = "";
  let dir = "";
  let c: pg.Client;
  let before: Snapshot;
  let after: Snapshot;
  let applied: string[];

  beforeAll(async () => {
    const all = await listMigrations();
    expect(all.map((m) => m.name)).toContain(TARGET);
    // The migrations up to the one under test, in their own directory, applied the production way.
    dir = await mkdtemp(path.join(tmpdir(), "org-migration-"));
    for (const m of all.filter((m) => m.name < TARGET)) {
      await cp(path.join(MIGRATIONS_DIR, m.name), path.join(dir, m.name), { recursive: true });
    }
    const db = await createDatabase("vitals_orgmig");
    dbName = db.name;
    c = new pg.Client({ connectionString: db.url });
    await c.connect();
    await applyMigrations(pgExecutor(c), dir);

    await populate(c);
    before = await snapshot(c);

    await cp(path.join(MIGRATIONS_DIR, TARGET), path.join(dir, TARGET), { recursive: true });
    applied = await applyMigrations(pgExecutor(c), dir);
    after = await snapshot(c);
  });

  afterAll(async () => {
    await c?.end();
    if (dbName) await dropDatabase(dbName);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("starts from a population in every table of the old schema", () => {
    // Without rows in a table, the comparisons below could not notice it losing any.
    const empty = [...before.rows].filter(([, rows]) => rows.length === 0).map(([t]) => t);
    expect(empty).toEqual([]);
    const devs = before.rows.get("Developer")!;
    expect(new Set(devs.map((d) => d.status))).toEqual(new Set(["pending", "active", "suspended"]));
    expect(new Set(devs.map((d) => d.plan))).toEqual(new Set(["starter", "pro", "enterprise"]));
    expect(applied).toEqual([TARGET]);
  });

  it("adds the three tables and keeps every row count", () => {
    expect([...after.columns.keys()].sort()).toEqual([...before.columns.keys(), ...NEW_TABLES].sort());
    for (const [table, rows] of before.rows) {
      expect({ table, count: after.rows.get(table)!.length }).toEqual({ table, count: rows.length });
    }
    const devCount = before.rows.get("Developer")!.length;
    expect(after.rows.get("Organization")).toHaveLength(devCount);
    expect(after.rows.get("Invitation")).toEqual([]);
  });

  it("changes only the planned columns", () => {
    const added: string[] = [];
    const removed: string[] = [];
    for (const [table, cols] of before.columns) {
      const now = after.columns.get(table)!;
      for (const col of now) if (!cols.includes(col)) added.push(`${table}.${col}`);
      for (const col of cols) if (!now.includes(col)) removed.push(`${table}.${col}`);
    }
    expect(added.sort()).toEqual(["ApiKey.createdById", "AuditLog.organizationId"]);
    expect(removed.sort()).toEqual(MOVED_COLUMNS.map((col) => `Developer.${col}`).sort());
  });

  it("keeps every existing value of every table, tenant ids included", () => {
    for (const [table, rows] of before.rows) {
      // Columns the migration dropped are checked on Organization; those it added, below.
      const now = after.columns.get(table)!;
      const kept = before.columns.get(table)!.filter((col) => now.includes(col));
      const pick = (row: Row) => Object.fromEntries(Object.entries(row).filter(([col]) => kept.includes(col)));
      expect({ table, rows: after.rows.get(table)!.map(pick) }).toEqual({ table, rows: rows.map(pick) });
    }
  });

  it("makes each tenant developerId name an Organization with that id", () => {
    const orgIds = new Set(after.rows.get("Organization")!.map((o) => o.id));
    for (const table of TENANT_TABLES) {
      const ids = after.rows
        .get(table)!
        .map((r) => r.developerId)
        .filter((v) => v !== null);
      expect(ids.length, table).toBeGreaterThan(0);
      expect(
        ids.filter((v) => !orgIds.has(v)),
        table,
      ).toEqual([]);
    }
  });

  it("re-points exactly the tenant foreign keys to Organization and adds the new ones", () => {
    const repointed = before.foreignKeys.map((fk) =>
      TENANT_TABLES.some((t) => fk.startsWith(`${t} ${t}_developerId_fkey `))
        ? fk.replace('REFERENCES "Developer"(id)', 'REFERENCES "Organization"(id)')
        : fk,
    );
    // The replacement must have hit all ten, or the expectation would just copy the old schema.
    expect(repointed.filter((fk) => fk.includes('REFERENCES "Organization"(id)'))).toHaveLength(TENANT_TABLES.length);
    const added = after.foreignKeys.filter((fk) => NEW_TABLES.some((t) => fk.startsWith(`${t} `)));
    expect(added.sort()).toEqual(
      [
        'Invitation Invitation_organizationId_fkey FOREIGN KEY ("organizationId") REFERENCES "Organization"(id) ON UPDATE CASCADE ON DELETE CASCADE',
        'Membership Membership_accountId_fkey FOREIGN KEY ("accountId") REFERENCES "Developer"(id) ON UPDATE CASCADE ON DELETE CASCADE',
        'Membership Membership_organizationId_fkey FOREIGN KEY ("organizationId") REFERENCES "Organization"(id) ON UPDATE CASCADE ON DELETE CASCADE',
      ].sort(),
    );
    expect(after.foreignKeys.filter((fk) => !added.includes(fk)).sort()).toEqual(repointed.sort());
  });

  it("gives each account a personal Organization with its plan, status, billing and creation time", () => {
    const orgs = new Map(after.rows.get("Organization")!.map((o) => [o.id, o]));
    for (const dev of before.rows.get("Developer")!) {
      const org = orgs.get(dev.id);
      expect(org, String(dev.email)).toBeDefined();
      expect({ ...org, updatedAt: undefined }).toEqual({
        id: dev.id,
        // An empty company is no company: the organization takes the account's name.
        name: typeof dev.company === "string" && dev.company !== "" ? dev.company : dev.name,
        personal: true,
        status: dev.status,
        plan: dev.plan,
        stripeCustomerId: dev.stripeCustomerId,
        stripeSubscriptionId: dev.stripeSubscriptionId,
        stripeEventAt: dev.stripeEventAt,
        stripeSubscriptionStatus: dev.stripeSubscriptionStatus,
        createdAt: dev.createdAt,
        updatedAt: undefined,
      });
      expect(org!.updatedAt).toBeInstanceOf(Date);
    }
    expect(orgs.get(ACME)!.name).toBe("Acme Health");
    expect(orgs.get(SOLO)!.name).toBe("Sam Solo");
    expect(orgs.get(HALTED)!.name).toBe("Hal Halted");
  });

  it("makes each account the owner of its personal organization, and of nothing else", () => {
    const expected = before.rows
      .get("Developer")!
      .map((d) => ({ organizationId: d.id, accountId: d.id, role: "owner", createdAt: d.createdAt }));
    expect(after.rows.get("Membership")).toEqual(expected);
  });

  it("records each key's owner as its creator and keeps every key resolving to the same plan and status", async () => {
    const devs = before.rows.get("Developer")!;
    for (const key of after.rows.get("ApiKey")!) {
      expect(key.createdById, String(key.name)).toBe(key.developerId);
      const owner = developerRow(devs, key.developerId);
      // The key gate's own lookup: the key by its hash, joined to the organization it names.
      const { rows } = await c.query(
        `SELECT o.plan, o.status FROM "ApiKey" k JOIN "Organization" o ON o.id = k."developerId" WHERE k."keyHash" = $1`,
        [key.keyHash],
      );
      expect(rows, String(key.name)).toEqual([{ plan: owner.plan, status: owner.status }]);
    }
    // A rolled key's previous secret still works through its grace period.
    const { rows } = await c.query(
      `SELECT o.plan, o.status, k."previousValidUntil" FROM "ApiKey" k JOIN "Organization" o ON o.id = k."developerId"
       WHERE k."previousKeyHash" = $1`,
      ["hash-acme-rolled-old"],
    );
    expect(rows).toEqual([{ plan: "pro", status: "active", previousValidUntil: expect.any(Date) }]);
  });

  it("files the audit rows of actions in an organization under it, and account actions under none", () => {
    const rows = after.rows.get("AuditLog")!;
    const orgOf = (n: number) => rows.find((r) => r.id === id(n))!.organizationId;
    // Key actions (any actor) go to the key's organization; billing by its member; Stripe's plan
    // change to its target.
    expect(orgOf(601)).toBe(ACME);
    expect(orgOf(608)).toBe(ACME);
    expect(orgOf(602)).toBe(HALTED);
    expect(orgOf(604)).toBe(ACME);
    // Account actions, staff status changes, a deleted account's key: in no organization's trail.
    for (const n of [603, 605, 606, 607]) expect(orgOf(n)).toBeNull();
  });

  it("gives an account made after the migration its personal organization, following its status", async () => {
    const NEW = id(10);
    await c.query(
      `INSERT INTO "Developer" (id, email, name, company, "passwordHash", status, "createdAt", "updatedAt")
       VALUES ($1, 'new@newco.test', 'Nia New', 'NewCo', 'argon2$nia', 'pending', '2026-11-28 01:00:00.000', now())`,
      [NEW],
    );
    const org = await c.query(`SELECT name, personal, status, plan, "createdAt" FROM "Organization" WHERE id = $1`, [
      NEW,
    ]);
    const dev = await c.query(`SELECT "createdAt" FROM "Developer" WHERE id = $1`, [NEW]);
    expect(org.rows).toEqual([
      { name: "NewCo", personal: true, status: "pending", plan: "starter", createdAt: dev.rows[0].createdAt },
    ]);
    const members = await c.query(`SELECT "accountId", role FROM "Membership" WHERE "organizationId" = $1`, [NEW]);
    expect(members.rows).toEqual([{ accountId: NEW, role: "owner" }]);

    await c.query(`UPDATE "Developer" SET status = 'active' WHERE id = $1`, [NEW]);
    expect((await c.query(`SELECT status FROM "Organization" WHERE id = $1`, [NEW])).rows).toEqual([
      { status: "active" },
    ]);
    // Migrated accounts follow too: the gate closes on a suspension.
    await c.query(`UPDATE "Developer" SET status = 'suspended' WHERE id = $1`, [ACME]);
    const gate = await c.query(
      `SELECT o.status FROM "ApiKey" k JOIN "Organization" o ON o.id = k."developerId" WHERE k."keyHash" = $1`,
      ["hash-acme-live"],
    );
    expect(gate.rows).toEqual([{ status: "suspended" }]);
  });

  it("deletes a personal organization, its members and its keys with the account", async () => {
    const NEW = id(10);
    await c.query(
      `INSERT INTO "ApiKey" (id, "developerId", "createdById", name, environment, "keyHash", prefix)
       VALUES ($1, $2, $2, 'fresh', 'test', 'hash-new', 'vk_test_new0')`,
      [id(210), NEW],
    );
    const counts = async (orgId: string) =>
      (
        await c.query(
          `SELECT (SELECT count(*) FROM "Organization" WHERE id = $1)::int AS orgs,
                  (SELECT count(*) FROM "Membership" WHERE "organizationId" = $1)::int AS members,
                  (SELECT count(*) FROM "ApiKey" WHERE "developerId" = $1)::int AS keys,
                  (SELECT count(*) FROM "Session" WHERE "developerId" = $1)::int AS sessions,
                  (SELECT count(*) FROM "ClientToken" WHERE "developerId" = $1)::int AS tokens,
                  (SELECT count(*) FROM "TryItDay" WHERE "developerId" = $1)::int AS "tryItDays"`,
          [orgId],
        )
      ).rows[0];
    expect(await counts(NEW)).toMatchObject({ orgs: 1, members: 1, keys: 1 });
    // A migrated account with keys, a try-it token, a session and try-it usage.
    expect(await counts(SOLO)).toEqual({ orgs: 1, members: 1, keys: 1, sessions: 1, tokens: 1, tryItDays: 1 });
    const orgsBefore = (await c.query(`SELECT count(*)::int AS n FROM "Organization"`)).rows[0].n;

    await c.query(`DELETE FROM "Developer" WHERE id = ANY($1::uuid[])`, [[NEW, SOLO]]);
    const none = { orgs: 0, members: 0, keys: 0, sessions: 0, tokens: 0, tryItDays: 0 };
    expect(await counts(NEW)).toEqual(none);
    expect(await counts(SOLO)).toEqual(none);
    expect((await c.query(`SELECT count(*)::int AS n FROM "Organization"`)).rows[0].n).toBe(orgsBefore - 2);
  });

  it("refuses a key for an organization that does not exist", async () => {
    await expect(
      c.query(
        `INSERT INTO "ApiKey" (id, "developerId", name, environment, "keyHash", prefix)
         VALUES ($1, $2, 'orphan', 'live', 'hash-orphan', 'vk_live_orph')`,
        [id(211), GONE],
      ),
    ).rejects.toMatchObject({ code: "23503", constraint: "ApiKey_developerId_fkey" });
  });
});

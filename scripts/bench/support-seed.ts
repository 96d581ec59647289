import pg from "pg";
import { Secret } from "otpauth";
import { hashPassword } from "../../lib/accounts/password";
import { sealTotpSecret } from "../../lib/accounts/totp-secret-box";
import { lastMonths } from "../../lib/usage/month";

// The support benchmark's data, written in bulk with generate_series: 20,000 accounts (5% verified
// and waiting for approval, 3% suspended, a third of the starter accounts past 80% of their
// scans), 10 audit rows and 2 keys each, and one busy account with 10,000 audit rows, 10 keys, six months
// of usage and 20 internal notes. The request log: 10 entries per account over 30 days (a third
// failed), 25 failures in the last day for every 50th account (the "many failed requests"
// queue), and 10,000 entries in the last day for the busy account, 1,000 of them failed.
// One staff account signs in to read it all, with its authenticator code (the console opens
// only to a sign-in that proved a second factor; docs/support.md, "Access"). Its secret is
// sealed under the NEXTAUTH_SECRET the benchmark gives the server.

export const STAFF = {
  email: "staff@bench.test",
  password: "Bench-Support-Staff-2026",
  totpSecret: new Secret({ size: 20 }).base32,
};
const ACCOUNTS = 20_000;
const BUSY_AUDIT_ROWS = 10_000;
const BUSY_LOG_ROWS = 10_000;

export async function seedSupportData(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const months = lastMonths(new Date(), 6);
    await c.query(`
      INSERT INTO "Developer" (id, email, name, company, "passwordHash", status, "emailVerifiedAt", "createdAt", "updatedAt")
      SELECT gen_random_uuid(), 'dev' || i || '@bench.test', 'Developer ' || i, 'Company ' || (i % 500), 'not-a-hash',
        (CASE WHEN i % 20 = 0 THEN 'pending' WHEN i % 33 = 0 THEN 'suspended' ELSE 'active' END)::"DeveloperStatus",
        now() - make_interval(mins => i), now() - make_interval(mins => i), now()
      FROM generate_series(1, ${ACCOUNTS}) i`);
    // Plans live on the personal organizations the accounts got (docs/teams.md).
    await c.query(`
      UPDATE "Organization" o SET plan = (CASE WHEN n % 10 = 0 THEN 'enterprise' WHEN n % 4 = 0 THEN 'pro' ELSE 'starter' END)::"Plan"
      FROM (SELECT id, substring(email FROM 'dev([0-9]+)@')::int AS n FROM "Developer" WHERE email LIKE 'dev%@bench.test') d
      WHERE o.id = d.id`);
    const staff = await c.query(
      `INSERT INTO "Developer" (id, email, name, "passwordHash", status, role, "emailVerifiedAt", "updatedAt")
       VALUES (gen_random_uuid(), $1, 'Bench Staff', $2, 'active', 'staff', now(), now()) RETURNING id`,
      [STAFF.email, await hashPassword(STAFF.password)],
    );
    await c.query(`UPDATE "Developer" SET "totpEnabledAt" = now() WHERE id = $1`, [staff.rows[0].id]);
    await c.query(`INSERT INTO "TotpFactor" ("developerId", secret, "confirmedAt") VALUES ($1, $2, now())`, [
      staff.rows[0].id,
      sealTotpSecret(STAFF.totpSecret),
    ]);
    const busy = await c.query(
      `INSERT INTO "Developer" (id, email, name, company, "passwordHash", status, "emailVerifiedAt", "updatedAt")
       VALUES (gen_random_uuid(), 'busy@bench.test', 'Busy Developer', 'Busy Inc', 'not-a-hash', 'active', now(), now()) RETURNING id`,
    );
    const busyId = busy.rows[0].id as string;
    await c.query(
      `UPDATE "Organization" SET plan = 'pro', "stripeCustomerId" = 'cus_bench', "stripeSubscriptionStatus" = 'active' WHERE id = $1`,
      [busyId],
    );
    await c.query(
      `
      INSERT INTO "UsageMonth" ("developerId", month, "scanCount")
      SELECT id, $1, (row_number() OVER (ORDER BY email) * 37 % 600)::int FROM "Developer" WHERE role = 'developer'
      ON CONFLICT DO NOTHING`,
      [months[0]],
    );
    await c.query(`UPDATE "UsageMonth" SET "scanCount" = 4200 WHERE "developerId" = $1`, [busyId]);
    await c.query(
      `INSERT INTO "UsageMonth" ("developerId", month, "scanCount") SELECT $1, m, 1000 + k * 300 FROM unnest($2::text[]) WITH ORDINALITY AS t(m, k)`,
      [busyId, months.slice(1)],
    );
    await c.query(
      `
      INSERT INTO "AuditLog" (id, "actorId", "actorType", action, "targetType", "targetId", ip, "createdAt")
      SELECT gen_random_uuid(), d.id, 'developer', (ARRAY['developer.login', 'api_key.create', 'developer.profile_update'])[1 + k % 3],
        'developer', d.id::text, '192.0.2.' || (k % 250), d."createdAt" + make_interval(hours => k)
      FROM "Developer" d, generate_series(1, 10) k WHERE d.id <> $1`,
      [busyId],
    );
    await c.query(
      `
      INSERT INTO "ApiKey" (id, "developerId", name, environment, "keyHash", prefix, "createdAt", "lastUsedAt")
      SELECT gen_random_uuid(), $1, 'Key ' || k, (CASE WHEN k % 2 = 0 THEN 'live' ELSE 'test' END)::"KeyEnvironment",
        md5('bench-key-' || k), 'vk_bench_' || lpad(k::text, 3, '0'), now() - make_interval(days => k), now()
      FROM generate_series(1, 10) k`,
      [busyId],
    );
    await c.query(
      `
      INSERT INTO "AuditLog" (id, "actorId", "actorType", action, "targetType", "targetId", ip, details, "createdAt")
      SELECT gen_random_uuid(),
        CASE WHEN k % 50 = 0 THEN $2::uuid ELSE $1::uuid END,
        CASE WHEN k % 50 = 0 THEN 'staff' ELSE 'developer' END,
        CASE WHEN k % 50 = 0 THEN 'developer.plan_change' ELSE (ARRAY['developer.login', 'api_key.create', 'developer.profile_update'])[1 + k % 3] END,
        'developer', $1::text, '198.51.100.' || (k % 250),
        CASE WHEN k % 50 = 0 THEN jsonb_build_object('from', 'starter', 'to', 'pro', 'reason', 'bench reason ' || k) END,
        now() - make_interval(mins => k)
      FROM generate_series(1, ${BUSY_AUDIT_ROWS}) k`,
      [busyId, staff.rows[0].id],
    );
    await c.query(
      `INSERT INTO "SupportNote" (id, "developerId", "authorId", body, "createdAt") SELECT gen_random_uuid(), $1, $2, 'Note ' || k, now() - make_interval(hours => k) FROM generate_series(1, 20) k`,
      [busyId, staff.rows[0].id],
    );
    // Other accounts' keys and notes, so the busy account's are found among many, as in production.
    await c.query(
      `
      INSERT INTO "ApiKey" (id, "developerId", name, environment, "keyHash", prefix, "createdAt")
      SELECT gen_random_uuid(), d.id, 'Key ' || k, 'test', md5(d.id::text || k), 'vk_other_' || k, d."createdAt"
      FROM "Developer" d, generate_series(1, 2) k WHERE d.id <> $1`,
      [busyId],
    );
    await c.query(
      `
      INSERT INTO "SupportNote" (id, "developerId", "authorId", body)
      SELECT gen_random_uuid(), d.id, $2, 'Other note' FROM "Developer" d WHERE d.id <> $1 AND d.email LIKE 'dev%0@bench.test'`,
      [busyId, staff.rows[0].id],
    );
    const logRow = (status: string, code: string) =>
      `gen_random_uuid(), d.id, 'vk_bench', 'POST', '/sdk/upload/complete', ${status}, ${code}, 12`;
    await c.query(`
      INSERT INTO "RequestLog" ("requestId", "developerId", "keyPrefix", method, path, status, "errorCode", "latencyMs", "createdAt")
      SELECT ${logRow("CASE WHEN k % 3 = 0 THEN 404 ELSE 200 END", "CASE WHEN k % 3 = 0 THEN 'SESSION_NOT_FOUND' END")}, now() - make_interval(hours => k * 70)
      FROM "Developer" d, generate_series(1, 10) k WHERE d.role = 'developer'`);
    await c.query(`
      INSERT INTO "RequestLog" ("requestId", "developerId", "keyPrefix", method, path, status, "errorCode", "latencyMs", "createdAt")
      SELECT ${logRow("400", "'INVALID_REQUEST'")}, now() - make_interval(mins => k * 50)
      FROM "Developer" d, generate_series(1, 25) k WHERE d.email LIKE 'dev%50@bench.test' OR d.email LIKE 'dev%00@bench.test'`);
    await c.query(
      `
      INSERT INTO "RequestLog" ("requestId", "developerId", "keyPrefix", method, path, status, "errorCode", "latencyMs", "createdAt")
      SELECT ${logRow("CASE WHEN k % 10 = 0 THEN 429 ELSE 200 END", "CASE WHEN k % 10 = 0 THEN 'RATE_LIMITED' END")}, now() - make_interval(secs => k * 8)
      FROM "Developer" d, generate_series(1, ${BUSY_LOG_ROWS}) k WHERE d.id = $1`,
      [busyId],
    );
    // Statistics and the visibility map, as autovacuum keeps them in a live database.
    await c.query("VACUUM ANALYZE");
    const count = async (sql: string) => Number((await c.query(sql)).rows[0].n);
    return {
      busyId,
      accounts: await count(`SELECT count(*) AS n FROM "Developer"`),
      auditRows: await count(`SELECT count(*) AS n FROM "AuditLog"`),
      busyAuditRows: BUSY_AUDIT_ROWS,
      keys: 10,
      usageRows: await count(`SELECT count(*) AS n FROM "UsageMonth"`),
      logRows: await count(`SELECT count(*) AS n FROM "RequestLog"`),
      failingAccounts: ACCOUNTS / 50 + 1, // every 50th account and the busy one
    };
  } finally {
    await c.end();
  }
}

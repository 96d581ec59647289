import { personalActor } from "@/test/fixtures";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as roll from "@/app/developer/keys/[id]/roll/route";
import { createKey } from "@/lib/keys/create-key";
import { listKeys } from "@/lib/keys/list-keys";
import { retireRolledSecrets } from "@/lib/keys/roll-key";
import { setSdkClock } from "@/lib/http/with-api-key";
import { startSession } from "@/test/sdk-client";
import { call } from "@/test/developer-helpers";
import { developerWithToken } from "@/test/developer-fixtures";
import { uniqueIp } from "@/test/ip";

afterEach(() => setSdkClock(() => new Date()));

async function rolled(grace: string) {
  const { dev, token } = await developerWithToken();
  const created = await createKey(personalActor(dev.id, "ip"), { name: "app", environment: "test" });
  const res = await call(roll.POST, "POST", `/developer/keys/${created.id}/roll`, {
    token,
    params: { id: created.id },
    body: { grace_period: grace },
  });
  return { dev, token, created, res };
}

async function startStatus(key: string, at: Date) {
  setSdkClock(() => at);
  const res = await startSession({ key, ip: uniqueIp() });
  return { status: res.status, error: res.ok ? undefined : (await res.json()).error };
}

describe("POST /developer/keys/{id}/roll", () => {
  it("returns a new secret once; the old one works inside a 1 h grace and is API_KEY_INVALID after it", async () => {
    const { dev, created, res } = await rolled("1h");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { key, previous_prefix, previous_valid_until } = res.body;
    expect(key).toMatch(/^ck_test_[0-9a-f]{64}$/);
    expect(key).not.toBe(created.key);
    expect(previous_prefix).toBe(created.prefix);
    const now = Date.now();
    expect(previous_valid_until).toBeGreaterThanOrEqual(Math.floor(now / 1000) + 3590);
    expect(previous_valid_until).toBeLessThanOrEqual(Math.floor(now / 1000) + 3600);

    expect(await startStatus(key, new Date())).toEqual({ status: 200, error: undefined });
    expect(await startStatus(created.key, new Date(now + 59 * 60_000))).toEqual({ status: 200, error: undefined });
    expect(await startStatus(created.key, new Date(now + 61 * 60_000))).toEqual({
      status: 401,
      error: "API_KEY_INVALID",
    });
    expect(await startStatus(key, new Date(now + 61 * 60_000))).toEqual({ status: 200, error: undefined });

    // The key keeps its id; the table shows the overlap until it ends.
    const [listed] = await listKeys(dev.id);
    expect(listed).toMatchObject({
      id: created.id,
      prefix: res.body.prefix,
      previous_prefix: created.prefix,
      previous_valid_until,
    });
  });

  it("with no grace the old secret dies at once", async () => {
    const { created, res } = await rolled("none");
    expect(res.body.previous_valid_until).toBeNull();
    expect(await startStatus(created.key, new Date())).toEqual({ status: 401, error: "API_KEY_INVALID" });
    expect(await startStatus(res.body.key, new Date())).toEqual({ status: 200, error: undefined });
  });

  it("writes the roll and, once the sweeper ends the grace, the old secret's end to the audit log", async () => {
    const { dev, created, res } = await rolled("24h");
    const rollRow = await db.auditLog.findFirstOrThrow({ where: { targetId: created.id, action: "api_key.roll" } });
    expect(rollRow).toMatchObject({ actorId: dev.id, actorType: "developer" });
    expect(rollRow.details).toEqual({
      old_prefix: created.prefix,
      new_prefix: res.body.prefix,
      grace_seconds: 86400,
      old_valid_until: res.body.previous_valid_until,
    });
    expect(JSON.stringify(rollRow.details)).not.toContain(res.body.key);

    await retireRolledSecrets(new Date(Date.now() + 23 * 3600_000));
    expect(await db.auditLog.count({ where: { targetId: created.id, action: "api_key.roll_grace_end" } })).toBe(0);
    await retireRolledSecrets(new Date(Date.now() + 25 * 3600_000));
    await retireRolledSecrets(new Date(Date.now() + 26 * 3600_000));
    expect(await db.auditLog.count({ where: { targetId: created.id, action: "api_key.roll_grace_end" } })).toBe(1);
    expect(await db.apiKey.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      previousKeyHash: null,
      previousValidUntil: null,
    });
  });

  it("refuses a revoked key, another developer's key, and a bad grace period", async () => {
    const { token, created } = await rolled("none");
    const other = await developerWithToken();
    const path = `/developer/keys/${created.id}/roll`;
    const theirs = await call(roll.POST, "POST", path, {
      token: other.token,
      params: { id: created.id },
      body: { grace_period: "1h" },
    });
    expect(theirs).toMatchObject({ status: 404, body: { error: "NOT_FOUND" } });
    const bad = await call(roll.POST, "POST", path, {
      token,
      params: { id: created.id },
      body: { grace_period: "2h" },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: "INVALID_REQUEST" } });
    const junk = await call(roll.POST, "POST", "/developer/keys/nope/roll", {
      token,
      params: { id: "nope" },
      body: { grace_period: "1h" },
    });
    expect(junk).toMatchObject({ status: 404, body: { error: "NOT_FOUND" } });
    await db.apiKey.update({ where: { id: created.id }, data: { revokedAt: new Date() } });
    const revoked = await call(roll.POST, "POST", path, {
      token,
      params: { id: created.id },
      body: { grace_period: "1h" },
    });
    expect(revoked).toMatchObject({ status: 400, body: { error: "INVALID_REQUEST" } });
  });
});

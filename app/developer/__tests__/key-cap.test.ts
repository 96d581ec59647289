import { personalActor } from "@/test/fixtures";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as keys from "@/app/developer/keys/route";
import { createKey } from "@/lib/keys/create-key";
import { listKeys } from "@/lib/keys/list-keys";
import { revokeKey } from "@/lib/keys/revoke-key";
import { call } from "@/test/developer-helpers";
import { developerWithToken } from "@/test/developer-fixtures";

describe("key cap", () => {
  it("six concurrent creations at a cap of 3 create exactly the free places", async () => {
    const { dev, token } = await developerWithToken({ plan: "starter" });
    await createKey(personalActor(dev.id, "ip"), { name: "existing", environment: "live" });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(keys.POST, "POST", "/developer/keys", { token, body: { name: `c${i}`, environment: "test" } }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await db.apiKey.count({ where: { developerId: dev.id } })).toBe(3);
    expect(await db.auditLog.count({ where: { actorId: dev.id, action: "api_key.create" } })).toBe(3);
  });

  it("counts keys that are neither revoked nor expired; pro allows 5", async () => {
    const { dev } = await developerWithToken({ plan: "starter" });
    const t0 = new Date();
    const a = await createKey(personalActor(dev.id, "ip"), { name: "a", environment: "live" }, t0);
    await createKey(
      personalActor(dev.id, "ip"),
      { name: "b", environment: "live", expires_at: Math.floor(t0.getTime() / 1000) + 60 },
      t0,
    );
    await createKey(personalActor(dev.id, "ip"), { name: "c", environment: "test" }, t0);
    await expect(createKey(personalActor(dev.id, "ip"), { name: "d", environment: "test" }, t0)).rejects.toMatchObject({
      code: "KEY_LIMIT_REACHED",
    });
    await revokeKey(personalActor(dev.id, "ip"), a.id);
    await createKey(personalActor(dev.id, "ip"), { name: "d", environment: "test" }, t0);
    const later = new Date(t0.getTime() + 120_000); // "b" has expired by then
    await createKey(personalActor(dev.id, "ip"), { name: "e", environment: "test" }, later);
    const states = Object.fromEntries((await listKeys(dev.id, later)).map((k) => [k.name, k.state]));
    expect(states).toEqual({ a: "revoked", b: "expired", c: "active", d: "active", e: "active" });
    await db.organization.update({ where: { id: dev.id }, data: { plan: "pro" } });
    await createKey(personalActor(dev.id, "ip"), { name: "f", environment: "live" }, later);
    await createKey(personalActor(dev.id, "ip"), { name: "g", environment: "live" }, later);
    await expect(
      createKey(personalActor(dev.id, "ip"), { name: "h", environment: "live" }, later),
    ).rejects.toMatchObject({
      code: "KEY_LIMIT_REACHED",
    });
  });

  it("revoking twice keeps the first revocation time and writes one audit row", async () => {
    const { dev } = await developerWithToken();
    const k = await createKey(personalActor(dev.id, "ip"), { name: "a", environment: "live" });
    const first = await revokeKey(personalActor(dev.id, "ip"), k.id, new Date(Date.now() - 5000));
    const second = await revokeKey(personalActor(dev.id, "ip"), k.id);
    expect(second).toEqual(first);
    expect(await db.auditLog.count({ where: { targetId: k.id, action: "api_key.revoke" } })).toBe(1);
  });
});

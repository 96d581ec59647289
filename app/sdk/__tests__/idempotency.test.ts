import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as keys from "@/app/developer/keys/route";
import * as start from "@/app/sdk/session/start/route";
import { db } from "@/lib/db";
import { pruneIdempotentRequests } from "@/lib/idempotency/idempotency-store";
import { call, driveRoute } from "@/test/drive-route";
import { developerWithToken } from "@/test/developer-fixtures";
import { expectError } from "@/test/expect-error";
import { createApiKey, createDeveloperWithKeys, setScansThisMonth } from "@/test/fixtures";
import { uniqueIp } from "@/test/ip";
import { mintClientToken, mintedToken, startSession, TOKEN_ORIGIN } from "@/test/sdk-client";

// POST /sdk/session/start with an Idempotency-Key (docs/api.md, "Safe retries"): a start sent
// again after its answer was lost gets the same session and spends no second scan.

const month = () => new Date().toISOString().slice(0, 7);
const scans = async (developerId: string) =>
  (await db.usageMonth.findUnique({ where: { developerId_month: { developerId, month: month() } } }))?.scanCount ?? 0;
const sessions = (developerId: string) => db.session.count({ where: { developerId } });
const withKey = (key: string, idempotencyKey: string) => ({
  key,
  ip: uniqueIp(),
  headers: { "idempotency-key": idempotencyKey },
});
const BODY = { demographics: { age: 40 }, client_reference_id: "visit-1" };

describe("session start with an Idempotency-Key", () => {
  it("sent again (its answer lost): the first answer replayed, one session, one scan", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const key = randomUUID();
    const first = await startSession(withKey(live.key, key), BODY);
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await startSession(withKey(live.key, key), BODY);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(firstBody);
    expect(again.headers.get("x-usage-current")).toBe(first.headers.get("x-usage-current"));
    // Its own request id, not the first one's.
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(await sessions(developer.id)).toBe(1);
    expect(await scans(developer.id)).toBe(1);
    // Without a key, every start is a new one.
    await startSession({ key: live.key, ip: uniqueIp() }, BODY);
    expect(await sessions(developer.id)).toBe(2);
  });

  it("20 at once with one key: one session, every answer the same", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        startSession(withKey(live.key, key), BODY).then(async (r) => [r.status, await r.json()]),
      ),
    );
    expect(answers.map(([status]) => status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map(([, body]) => body.session_id)).size).toBe(1);
    expect(await sessions(developer.id)).toBe(1);
    expect(await scans(developer.id)).toBe(1);
  });

  it("the same key with another body is 422 IDEMPOTENCY_KEY_REUSED; a malformed key is 400", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const key = randomUUID();
    expect((await startSession(withKey(live.key, key), BODY)).status).toBe(200);
    await expectError(
      await startSession(withKey(live.key, key), { ...BODY, client_reference_id: "visit-2" }),
      422,
      "IDEMPOTENCY_KEY_REUSED",
    );
    for (const bad of ["", "with space", "x".repeat(256), "é"])
      await expectError(await startSession(withKey(live.key, bad), BODY), 400, "INVALID_REQUEST");
    expect(await sessions(developer.id)).toBe(1);
  });

  it("is the credential's own: another key (or an attacker) with the same Idempotency-Key starts its own", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const other = await createApiKey(developer.id, "live");
    const key = randomUUID();
    const a = await (await startSession(withKey(live.key, key), BODY)).json();
    const b = await startSession(withKey(other.key, key), BODY);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
    expect((await b.json()).session_id).not.toBe(a.session_id);
    // An unknown key with the first one's Idempotency-Key learns nothing.
    await expectError(await startSession(withKey(`ck_live_${"z".repeat(40)}`, key), BODY), 401, "API_KEY_INVALID");
    expect(await sessions(developer.id)).toBe(2);
  });

  it("a refused start is not kept: after the quota's 429, the same key starts once the quota allows", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    await setScansThisMonth(developer.id, 500);
    const key = randomUUID();
    await expectError(await startSession(withKey(live.key, key), BODY), 429, "QUOTA_EXCEEDED");
    await setScansThisMonth(developer.id, 10);
    const retried = await startSession(withKey(live.key, key), BODY);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(await scans(developer.id)).toBe(11);
  });

  it("with a client token (the general path): one session, one of the token's scans", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const token = await mintedToken(live.key, { max_scans: 1 });
    const call = {
      ip: uniqueIp(),
      headers: { authorization: `Bearer ${token}`, origin: TOKEN_ORIGIN, "idempotency-key": "scan-1" },
    };
    const first = await startSession(call, {});
    expect(first.status).toBe(200);
    const again = await startSession(call, {});
    expect(again.status).toBe(200);
    expect((await again.json()).session_id).toBe((await first.json()).session_id);
    expect(await sessions(developer.id)).toBe(1);
    // Its one scan spent once: a start under a new key is refused.
    const next = await startSession({ ...call, headers: { ...call.headers, "idempotency-key": "scan-2" } }, {});
    await expectError(next, 403, "FORBIDDEN");
  });

  it("keeps the answer sealed, replays it for 24 h only, and prunes it after", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const key = randomUUID();
    const first = await (await startSession(withKey(live.key, key), BODY)).json();
    const [row] = await db.idempotentRequest.findMany({ where: { key } });
    expect(row!.status).toBe(200);
    expect(row!.body).not.toContain(first.session_id);
    expect(row!.scope).not.toContain(live.key);
    const dayAgo = new Date(Date.now() - 24 * 3600 * 1000 - 1000);
    await db.idempotentRequest.updateMany({ where: { key }, data: { createdAt: dayAgo } });
    const later = await (await startSession(withKey(live.key, key), BODY)).json();
    expect(later.session_id).not.toBe(first.session_id);
    expect(await sessions(developer.id)).toBe(2);
    await db.idempotentRequest.updateMany({ where: { key }, data: { createdAt: dayAgo } });
    // The sweeper's part (its whole run is in retention.test.ts, on a database of its own: a
    // sweep here would prune the rate windows the files beside this one fill).
    await pruneIdempotentRequests(new Date());
    expect(await db.idempotentRequest.count({ where: { key } })).toBe(0);
  });

  it("an answer that cannot be opened (sealed under another secret) frees its key: the retry starts anew", async () => {
    const { developer, live } = await createDeveloperWithKeys();
    const key = randomUUID();
    const first = await (await startSession(withKey(live.key, key), BODY)).json();
    await db.idempotentRequest.updateMany({ where: { key }, data: { body: "v1:c2VhbGVkIGVsc2V3aGVyZQ==" } });
    const retried = await startSession(withKey(live.key, key), BODY);
    expect(retried.status).toBe(200);
    expect((await retried.json()).session_id).not.toBe(first.session_id);
    expect(await sessions(developer.id)).toBe(2);
  });

  it("the preflight allows the header, and browsers may read Idempotent-Replayed", async () => {
    const res = await driveRoute(start.OPTIONS, "/sdk/session/start", { method: "OPTIONS" });
    expect(res.headers.get("access-control-allow-headers")).toContain("Idempotency-Key");
    const { live } = await createDeveloperWithKeys();
    const answer = await startSession(withKey(live.key, randomUUID()), BODY);
    expect(answer.headers.get("access-control-expose-headers")).toContain("Idempotent-Replayed");
  });
});

describe("client token mint with an Idempotency-Key", () => {
  it("sent again: the same token (one made), Cache-Control kept; another body 422", async () => {
    const { live } = await createDeveloperWithKeys();
    const call = withKey(live.key, randomUUID());
    const body = { origins: [TOKEN_ORIGIN], max_scans: 2 };
    const first = await mintClientToken(call, body);
    expect(first.status).toBe(201);
    const again = await mintClientToken(call, body);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("cache-control")).toBe("no-store");
    const token = (await first.json()).token;
    expect((await again.json()).token).toBe(token);
    expect(await db.clientToken.count({ where: { apiKeyId: live.id } })).toBe(1);
    // The kept answer holds the token only sealed.
    const [row] = await db.idempotentRequest.findMany({ where: { key: call.headers["idempotency-key"] } });
    expect(row!.body).not.toContain(token);
    await expectError(await mintClientToken(call, { ...body, max_scans: 3 }), 422, "IDEMPOTENCY_KEY_REUSED");
  });
});

describe("developer POSTs with an Idempotency-Key (POST /developer/keys)", () => {
  it("sent again: the same new key answered once more, one key made; another account's same key is its own", async () => {
    const { dev, token } = await developerWithToken();
    const headers = { "idempotency-key": "create-ci-key" };
    const body = { name: "CI", environment: "test" };
    const first = await call(keys.POST, "POST", "/developer/keys", { token, body, headers });
    expect(first.status).toBe(201);
    const again = await call(keys.POST, "POST", "/developer/keys", { token, body, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.key).toBe(first.body.key);
    expect(await db.apiKey.count({ where: { developerId: dev.id } })).toBe(1);
    const reused = await call(keys.POST, "POST", "/developer/keys", { token, body: { ...body, name: "CD" }, headers });
    await expectError(reused, 422, "IDEMPOTENCY_KEY_REUSED");

    const other = await developerWithToken();
    const theirs = await call(keys.POST, "POST", "/developer/keys", { token: other.token, body, headers });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.key).not.toBe(first.body.key);
    // Without a valid ID token nothing is replayed: 401 first.
    await expectError(await call(keys.POST, "POST", "/developer/keys", { body, headers }), 401, "UNAUTHORIZED");
  });
});

import { randomBytes, randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailFromOutbox } from "@/e2e/support/outbox";
import { hashToken } from "@/lib/accounts/email-tokens";
import { db } from "@/lib/db";
import { startBuiltServer } from "@/test/built-server";
import { developerWithToken } from "@/test/developer-fixtures";
import { STRONG_PASSWORD } from "@/test/developer-helpers";
import { expectError } from "@/test/expect-error";
import { createApiKey } from "@/test/fixtures";
import { loopbackHttp } from "@/test/loopback-http";
import { routeFiles, routeMethods, routePath } from "@/test/route-files";
import { freePort } from "@/test/server-process";
import { developerApi } from "@/test/developer-api";
import { teamWithEveryRole } from "@/test/team-fixtures";

// What a security review of teams, webhooks and sessions found, tried again through the
// production server as the attacker did (own accounts and organizations, no secrets): each
// answer here is the fixed one (docs/teams.md, docs/webhooks.md, docs/api.md).

const OUTBOX = process.env.MAIL_OUTBOX_DIR!;
const ORIGIN = "https://app.example.test";
let server: ChildProcess;
let base = "";
let port = 0;
const { send, portalSignIn } = loopbackHttp(() => port);

beforeAll(async () => {
  port = await freePort();
  ({ server, base } = await startBuiltServer("team-attacks", port, { RATE_LIMIT_STORE: "memory" }));
}, 120_000);

afterAll(() => {
  server?.kill();
});

const { signIn, ask } = developerApi(() => base);

/** SDK calls with a key or a client token (from the token's origin). */
function sdk(credential: string, url: string, body: unknown) {
  return fetch(url.startsWith("http") ? url : `${base}${url}`, {
    method: "POST",
    headers: { authorization: `Bearer ${credential}`, origin: ORIGIN, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** A started session with a 1 KiB upload (a test key's sandbox ignores the tensor). */
async function uploadedSession(credential: string) {
  const started = (await (await sdk(credential, "/sdk/session/start", {})).json()) as {
    session_id: string;
    upload_url: string;
  };
  const put = await fetch(started.upload_url, {
    method: "PUT",
    headers: { "content-type": "application/octet-stream" },
    body: new Uint8Array(1024),
  });
  expect(put.status).toBe(200);
  return started.session_id;
}

/** A scan.completed endpoint made by the member holding `token`: its id. */
async function endpointMadeBy(token: string, url: string, environment: "test" | "live"): Promise<string> {
  const made = await ask(token, "POST", "/developer/webhooks", { url, environment, event_types: ["scan.completed"] });
  expect(made.status).toBe(201);
  return made.body.id;
}

describe("a member's access that ends takes what it allowed with it", () => {
  it("a removed developer's endpoint is disabled: the next scan sends it nothing; audited, owners mailed", async () => {
    const { org, members } = await teamWithEveryRole({ name: "Hooks Removal", signIn });
    const key = await createApiKey(org.id, "test");
    const id = await endpointMadeBy(members.developer.token, "https://receiver.example.test/hook", "test");
    expect((await ask(members.admin.token, "DELETE", `/developer/members/${members.developer.id}`)).status).toBe(200);

    const after = await ask(members.owner.token, "GET", `/developer/webhooks/${id}`);
    expect(after.body).toMatchObject({ enabled: false, disabled_reason: "creator_removed" });
    const sessionId = await uploadedSession(key.key);
    expect((await sdk(key.key, "/sdk/session/upload-complete", { session_id: sessionId })).status).toBe(200);
    expect(await db.webhookDelivery.count({ where: { endpointId: id } })).toBe(0);
    expect(
      await db.auditLog.count({ where: { organizationId: org.id, action: "webhook_endpoint.disable", targetId: id } }),
    ).toBe(1);
    const mail = await mailFromOutbox(OUTBOX, members.owner.email, "Webhook endpoints were disabled");
    expect(mail).toContain("https://receiver.example.test/hook");

    // An admin who enables it again answers for it from then on.
    expect((await ask(members.admin.token, "PATCH", `/developer/webhooks/${id}`, { enabled: true })).status).toBe(200);
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id } })).createdById).toBe(members.admin.id);
  });

  it("a demotion below webhooks.write disables the member's endpoints; a demoted admin's invitations end", async () => {
    const { members } = await teamWithEveryRole({ name: "Demotions", signIn });
    const owner = members.owner.token;
    expect((await ask(owner, "PATCH", `/developer/members/${members.viewer.id}`, { role: "developer" })).status).toBe(
      200,
    );
    const id = await endpointMadeBy(members.viewer.token, "https://receiver.example.test/demoted", "live");
    const invited = await ask(members.admin.token, "POST", "/developer/invitations", {
      email: `later-${randomUUID()}@example.test`,
      role: "developer",
    });
    expect(invited.status).toBe(201);

    expect((await ask(owner, "PATCH", `/developer/members/${members.viewer.id}`, { role: "viewer" })).status).toBe(200);
    expect((await ask(owner, "GET", `/developer/webhooks/${id}`)).body).toMatchObject({
      enabled: false,
      disabled_reason: "creator_demoted",
    });
    // An admin made developer can no longer invite: what they invited is no longer pending.
    expect((await ask(owner, "PATCH", `/developer/members/${members.admin.id}`, { role: "developer" })).status).toBe(
      200,
    );
    expect((await ask(owner, "GET", "/developer/invitations")).body.total).toBe(0);
  });

  it("accepting while the invitation is being revoked waits for the revocation instead of deadlocking", async () => {
    const { org, members } = await teamWithEveryRole({ name: "Race", signIn });
    const { dev } = await developerWithToken();
    const invitee = await signIn(dev.email, dev.id);
    const token = randomBytes(32).toString("base64url");
    const invitation = await db.invitation.create({
      data: {
        organizationId: org.id,
        email: dev.email.toLowerCase(),
        role: "viewer",
        tokenHash: hashToken(token),
        invitedById: members.owner.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    // A revocation's order (lib/teams: the organization's row, then the invitation), held open
    // while the accept arrives.
    let accepted: Promise<Awaited<ReturnType<typeof ask>>> | undefined;
    await db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM "Organization" WHERE id = ${org.id}::uuid FOR UPDATE`;
        accepted = ask(invitee, "POST", "/developer/invitations/accept", { token });
        await new Promise((r) => setTimeout(r, 400));
        await tx.invitation.updateMany({
          where: { id: invitation.id, acceptedAt: null, revokedAt: null },
          data: { revokedAt: new Date() },
        });
      },
      { timeout: 15_000 },
    );
    const res = await accepted!;
    await expectError(res, 404, "NOT_FOUND");
  });
});

describe("what was open by mistake", () => {
  it("a client token reads and completes only the sessions it started; the key completes any", async () => {
    const { org } = await teamWithEveryRole({ name: "Tokens", signIn });
    const key = await createApiKey(org.id, "test");
    const mint = async () => {
      const res = await sdk(key.key, "/sdk/client-token", { origins: [ORIGIN], max_scans: 2 });
      expect(res.status).toBe(201);
      return ((await res.json()) as { token: string }).token;
    };
    const [mine, other] = [await mint(), await mint()];
    const sessionId = await uploadedSession(mine);
    await expectError(
      await sdk(other, "/sdk/session/upload-complete", { session_id: sessionId }),
      404,
      "SESSION_NOT_FOUND",
    );
    const poll = await fetch(`${base}/sdk/session/result/${sessionId}`, {
      headers: { authorization: `Bearer ${other}`, origin: ORIGIN },
    });
    await expectError(poll, 404, "SESSION_NOT_FOUND");
    expect((await sdk(mine, "/sdk/session/upload-complete", { session_id: sessionId })).status).toBe(200);
    const second = await uploadedSession(mine);
    expect((await sdk(key.key, "/sdk/session/upload-complete", { session_id: second })).status).toBe(200);
  });

  it("the invitation mail quotes no name anyone typed", async () => {
    const { members } = await teamWithEveryRole({ name: "Claim your prize at https://evil.example/win", signIn });
    const email = `invitee-${randomUUID()}@example.test`;
    expect((await ask(members.owner.token, "POST", "/developer/invitations", { email, role: "viewer" })).status).toBe(
      201,
    );
    const mail = await mailFromOutbox(OUTBOX, email, "You are invited");
    expect(mail).not.toContain("evil.example");
    expect(mail).not.toContain("Grace");
  });

  it("a portal page with a loading skeleton that the role may not see answers 404", async () => {
    const { org, members } = await teamWithEveryRole({ name: "Pages", signIn });
    const signedIn = await portalSignIn("127.0.0.1", members.viewer.email, STRONG_PASSWORD);
    expect(signedIn.cookie).toBeTruthy();
    // The portal acts for the organization the cookie names.
    const cookie = `${signedIn.cookie}; vitals-org=${org.id}`;
    for (const page of ["/billing", "/try-it"])
      expect((await send("127.0.0.1", "GET", page, { cookie })).status, page).toBe(404);
    expect((await send("127.0.0.1", "GET", "/requests", { cookie })).status).toBe(200);
  });

  it("delivery paths with a malformed endpoint id answer 404, not 500", async () => {
    const { members } = await teamWithEveryRole({ name: "Ids", signIn });
    const url = `/developer/webhooks/x/deliveries/${randomUUID()}`;
    await expectError(await ask(members.owner.token, "GET", url), 404, "NOT_FOUND");
    await expectError(await ask(members.owner.token, "POST", `${url}/replay`), 404, "NOT_FOUND");
  });
});

// Last: the fuzz's logins and sign-ups count against its own source address only.
describe("fuzz of every developer endpoint", () => {
  const SEGMENTS = ["x", randomUUID(), "00000000-0000-0000-0000-00000000000g", "%00", "a".repeat(300), "1%27--"];
  const QUERIES = [
    "",
    "?page=x&after=x&member=x",
    "?page=99999999999999&member=%00",
    "?after=00000000-0000-0000-0000-000000000000",
  ];
  const BODIES: (string | undefined)[] = [
    undefined,
    "{",
    "null",
    "[]",
    '{"email":1,"role":"god","url":{},"page":-1}',
    "{}",
  ];

  it("no answer is 500, whatever the path, query or body", async () => {
    const { org, members } = await teamWithEveryRole({ name: "Fuzz", signIn });
    const owner = members.owner.token;
    const failures: string[] = [];
    let sent = 0;
    const from = `127.${(process.pid % 200) + 30}.250.9`;
    for (const file of routeFiles(path.resolve("app/developer"))) {
      const methods = ((await routeMethods(file)) ?? []).filter((m) => m !== "OPTIONS");
      for (const method of methods) {
        // Deleting the organization would end the fuzz's own access.
        if (method === "DELETE" && file.endsWith("/organization/route.ts")) continue;
        // Each dynamic segment malformed in turn, the others well-formed ids.
        const names = [...routePath(file).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const urls = names.length
          ? names.flatMap((target) => SEGMENTS.map((v) => routePath(file, (n) => (n === target ? v : randomUUID()))))
          : [routePath(file)];
        for (const url of urls) {
          for (const query of method === "GET" ? QUERIES : [""])
            for (const body of method === "GET" || method === "DELETE" ? [undefined] : BODIES) {
              const res = await send(from, method, `${url}${query}`, {
                headers: { authorization: `Bearer ${owner}` },
                raw: body,
              }).catch((err: Error) => ({ status: -1, text: err.message }));
              sent++;
              if (res.status >= 500 && res.status !== 503)
                failures.push(`${method} ${url}${query}: ${res.status} ${res.text}`);
            }
        }
      }
    }
    expect(await db.organization.count({ where: { id: org.id } })).toBe(1);
    expect(sent).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 120_000);
});

import type { ChildProcess } from "node:child_process";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { type IncomingHttpHeaders, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/accounts/password";
import { confirmTotpEnrolment, startTotpEnrolment } from "@/lib/accounts/totp";
import { freePort } from "@/test/server-process";
import { startBuiltServer } from "@/test/built-server";
import { createApiKey } from "@/test/fixtures";
import { mailFromOutbox } from "@/e2e/support/outbox";
import { type Answer, cookiesOf, loopbackHttp } from "@/test/loopback-http";

// The account-takeover attacks of a security review, tried against the built server as an
// attacker would: own accounts, other loopback source addresses, no access to secrets
// (docs/api.md, "Brute-force protection", "Portal sessions", "Two-factor sign-in", "Rolling a key").

const PASSWORD = "correct horse battery staple 42";
const OUTBOX = process.env.MAIL_OUTBOX_DIR!;
let port = 0;
let server: ChildProcess;

beforeAll(async () => {
  port = await freePort();
  ({ server } = await startBuiltServer("security", port));
}, 120_000);
afterAll(() => {
  server?.kill();
});

const { send, portalSignIn } = loopbackHttp(() => port);

let addresses = 0;
/** A loopback address no other test (or test file) of this run uses. */
const freshAddress = () => `127.${(process.pid % 200) + 30}.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

const login = (from: string, email: string, password: string, totp?: string) =>
  send(from, "POST", "/developer/login", {
    json: totp === undefined ? { email, password } : { email, password, totp },
  });

const codeAt = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: at,
  });

async function verifiedAccount(opts: { role?: "staff"; totp?: boolean } = {}) {
  const dev = await db.developer.create({
    data: {
      email: uniqueEmail(opts.role ?? "dev"),
      name: "Owner",
      passwordHash: await hashPassword(PASSWORD),
      status: "active",
      role: opts.role ?? "developer",
      emailVerifiedAt: new Date(),
    },
  });
  if (!opts.totp) return { dev, secret: "" };
  const { secret } = await startTotpEnrolment({ ...dev, portalSession: { mailedCodeProvedAt: new Date() } });
  // The enrolment used this step's code; sign-ins below use the next steps' codes.
  await confirmTotpEnrolment({ ...dev, portalSession: { mailedCodeProvedAt: new Date() } }, codeAt(secret), "test");
  return { dev: await db.developer.findUniqueOrThrow({ where: { id: dev.id } }), secret };
}

const page = (from: string, path: string, cookie: string) => send(from, "GET", path, { cookie });

/** Follows the "Choose your password" mail as the mailbox's holder would. */
async function choosePasswordFromMailbox(email: string, password: string) {
  const mail = await mailFromOutbox(OUTBOX, email, "Choose your password");
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
  const reset = await send(freshAddress(), "POST", "/developer/reset-password", { json: { token, password } });
  expect(reset.status).toBe(200);
}

/** The verification tokens mailed to an address, oldest first (the outbox's files, by time). */
async function verifyLinksTo(email: string): Promise<string[]> {
  await mailFromOutbox(OUTBOX, email, "Verify your e-mail address");
  const files = await readdir(OUTBOX);
  const mails: { at: number; token: string }[] = [];
  for (const name of files) {
    const raw = (await readFile(path.join(OUTBOX, name), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    if (!raw.includes(`To: ${email}`)) continue;
    const token = /\/verify\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
    if (token) mails.push({ at: (await stat(path.join(OUTBOX, name))).mtimeMs, token });
  }
  return mails.sort((a, b) => a.at - b.at).map((m) => m.token);
}

describe("two-factor codes against another account's successes (finding 1)", () => {
  it("9 wrong codes + 1 good sign-in to the attacker's own account, repeated: 429 for the victim within 5 codes, and the owner is mailed", async () => {
    const { dev: victim, secret } = await verifiedAccount({ totp: true });
    const { dev: attacker } = await verifiedAccount();
    const from = freshAddress();
    const answers: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) answers.push((await login(from, victim.email, PASSWORD, "000000")).status);
      expect((await login(from, attacker.email, PASSWORD)).status).toBe(200);
    }
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(answers.slice(5))).toEqual(new Set([429]));
    // The lock holds against the right code too, from any address, with Retry-After.
    const blocked = await login(freshAddress(), victim.email, PASSWORD, codeAt(secret, Date.now() + 30_000));
    expect(blocked.status).toBe(429);
    expect(JSON.parse(blocked.text)).toMatchObject({ error: "AUTH_BLOCKED", retryable: true });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(800);
    const mail = await mailFromOutbox(OUTBOX, victim.email, "Sign-in codes for your Vitals account are locked");
    expect(mail).toContain("locked for 15 minutes");
  });

  it("the portal's sign-in form shares the code budget: wrong codes there lock the API login too", async () => {
    const { dev: victim, secret } = await verifiedAccount({ totp: true });
    const from = freshAddress();
    for (let i = 0; i < 5; i++) {
      const { cookie, answer } = await portalSignIn(from, victim.email, PASSWORD, "123456");
      expect(cookie).toBeNull();
      expect(answer.text).not.toContain("Too many");
    }
    const sixth = await portalSignIn(from, victim.email, PASSWORD, codeAt(secret, Date.now() + 30_000));
    expect(sixth.cookie).toBeNull();
    expect(decodeURIComponent(sixth.answer.text)).toMatch(/Too many failed authentication attempts/);
    expect((await login(freshAddress(), victim.email, PASSWORD, codeAt(secret, Date.now() + 60_000))).status).toBe(429);
  });

  it("password guesses: 10 failures block the address from every IP; the owner's password reset lifts it", async () => {
    const { dev } = await verifiedAccount();
    for (let i = 0; i < 10; i++) expect((await login(freshAddress(), dev.email, `guess number ${i}`)).status).toBe(401);
    expect((await login(freshAddress(), dev.email, PASSWORD)).status).toBe(429);
    expect(
      (await send(freshAddress(), "POST", "/developer/forgot-password", { json: { email: dev.email } })).status,
    ).toBe(202);
    const mail = await mailFromOutbox(OUTBOX, dev.email, "Reset your password");
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
    const reset = await send(freshAddress(), "POST", "/developer/reset-password", {
      json: { token, password: "a brand new passphrase 2026" },
    });
    expect(reset.status).toBe(200);
    expect((await login(freshAddress(), dev.email, "a brand new passphrase 2026")).status).toBe(200);
  });
});

describe("locking the owner out by failing on purpose", () => {
  it("an address a stranger blocked still signs in from the owner's browser (its device cookie), not from a new one", async () => {
    const { dev } = await verifiedAccount();
    const home = freshAddress();
    const first = await portalSignIn(home, dev.email, PASSWORD);
    const device = cookiesOf(first.answer).find((c) => c.startsWith("vitals-device="));
    expect(device).toBeTruthy();
    for (let i = 0; i < 10; i++) expect((await login(freshAddress(), dev.email, `guess ${i}`)).status).toBe(401);
    expect((await login(freshAddress(), dev.email, PASSWORD)).status).toBe(429);
    expect((await portalSignIn(freshAddress(), dev.email, PASSWORD)).cookie).toBeNull();
    expect((await portalSignIn(home, dev.email, PASSWORD, undefined, device)).cookie).not.toBeNull();
    // The cookie is the owner's device for this address only, and cannot be made up.
    const { dev: other } = await verifiedAccount();
    for (let i = 0; i < 10; i++) await login(freshAddress(), other.email, `guess ${i}`);
    expect((await portalSignIn(home, other.email, PASSWORD, undefined, device)).cookie).toBeNull();
    // The owner's sign-in ended the address's run; a stranger blocks it again. A device id
    // changed under its signature is no device.
    for (let i = 0; i < 10; i++) await login(freshAddress(), dev.email, `again ${i}`);
    const [name, value] = device!.split("=");
    const parts = value!.split(".");
    parts[1] = `${parts[1]!.slice(0, -1)}${parts[1]!.endsWith("A") ? "B" : "A"}`;
    expect((await portalSignIn(home, dev.email, PASSWORD, undefined, `${name}=${parts.join(".")}`)).cookie).toBeNull();
    expect((await portalSignIn(home, dev.email, PASSWORD, undefined, device)).cookie).not.toBeNull();
  });
});

describe("minting a device cookie for someone else's address", () => {
  it("a sign-in body naming the victim's address and then the attacker's gets a cookie for the attacker's account only", async () => {
    const { dev: victim } = await verifiedAccount();
    const { dev: attacker } = await verifiedAccount();
    const from = freshAddress();
    const csrf = await send(from, "GET", "/api/auth/csrf");
    const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
    const body = new URLSearchParams([
      ["csrfToken", csrfToken],
      ["email", victim.email],
      ["email", attacker.email],
      ["password", PASSWORD],
      ["json", "true"],
    ]).toString();
    const res = await new Promise<Answer>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/auth/callback/credentials",
          method: "POST",
          localAddress: from,
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesOf(csrf).join("; ") },
        },
        (r) => {
          let text = "";
          r.on("data", (d) => (text += d));
          r.on("end", () => resolve({ status: r.statusCode!, headers: r.headers, text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    const device = cookiesOf(res).find((c) => c.startsWith("vitals-device="));
    // Whichever address next-auth signed in, the cookie names that account, never the other.
    for (let i = 0; i < 10; i++) await login(freshAddress(), victim.email, `guess ${i}`);
    expect((await portalSignIn(from, victim.email, PASSWORD, undefined, device)).cookie).toBeNull();
  });
});

describe("an account made before its owner registers (finding 2)", () => {
  it("leaves the owner with their password, no stranger's second factor, and ends the stranger's sessions", async () => {
    const email = uniqueEmail("owner");
    const attacker = freshAddress();
    const signup = (password: string, name: string) =>
      send(freshAddress(), "POST", "/developer/signup", { json: { email, password, name } });
    expect((await signup("the attacker's passphrase 1", "Attacker")).status).toBe(201);
    // The stranger signs in while the account is pending (allowed, to see why it is gated)...
    const strangerToken = JSON.parse((await login(attacker, email, "the attacker's passphrase 1")).text).id_token;
    const strangerPortal = await portalSignIn(attacker, email, "the attacker's passphrase 1");
    expect(strangerPortal.cookie).not.toBeNull();
    // ...and cannot set up two-factor sign-in on an unverified account.
    const pending = await db.developer.findUniqueOrThrow({ where: { email } });
    await expect(startTotpEnrolment({ ...pending, portalSession: { mailedCodeProvedAt: null } })).rejects.toMatchObject(
      {
        code: "FORBIDDEN",
      },
    );
    // A factor planted anyway (as the code before this rule allowed) is removed by the owner's sign-up.
    await db.developer.update({ where: { email }, data: { totpEnabledAt: new Date() } });

    expect((await signup("the owner's own passphrase", "Owner")).status).toBe(201);
    const mail = await mailFromOutbox(OUTBOX, email, "Verify your e-mail address");
    expect(mail).not.toContain("Attacker");
    const owner = await db.developer.findUniqueOrThrow({ where: { email } });
    expect(owner.name).toBe("Owner");
    expect(owner.totpEnabledAt).toBeNull();
    expect(await db.totpFactor.count({ where: { developerId: owner.id } })).toBe(0);

    // Only the newest mail's link verifies: the stranger's (sent first) is dead.
    const links = await verifyLinksTo(email);
    expect(links).toHaveLength(2);
    const [first, newest] = links;
    const dead = await send(freshAddress(), "GET", `/developer/verify?token=${first}`);
    expect(dead.status).toBe(400);
    const ok = await send(freshAddress(), "GET", `/developer/verify?token=${newest}`);
    expect(JSON.parse(ok.text)).toMatchObject({ status: "verified" });

    // Two sign-ups contested the address: the mailbox's holder chooses the password.
    expect((await login(freshAddress(), email, "the attacker's passphrase 1")).status).toBe(401);
    expect((await login(freshAddress(), email, "the owner's own passphrase")).status).toBe(401);
    await choosePasswordFromMailbox(email, "the owner's chosen passphrase");
    expect((await login(freshAddress(), email, "the owner's chosen passphrase")).status).toBe(200);
    const profile = await send(freshAddress(), "GET", "/developer/profile", {
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    expect(profile.status).toBe(401);
    const dashboard = await page(attacker, "/dashboard", strangerPortal.cookie!);
    expect(dashboard.status).toBe(307);
    expect(dashboard.headers.location).toMatch(/\/login/);
  });
});

describe("a stranger signing up after the owner, before the owner clicks", () => {
  it("the newest link (the stranger's sign-up) verifies the address but keeps no password: the owner chooses it", async () => {
    const email = uniqueEmail("racing");
    const signup = (password: string, name: string) =>
      send(freshAddress(), "POST", "/developer/signup", { json: { email, password, name } });
    expect((await signup("the owner's own passphrase", "Owner")).status).toBe(201);
    expect((await signup("the attacker's passphrase 2", "Attacker")).status).toBe(201);
    const [, newest] = await verifyLinksTo(email);
    expect(JSON.parse((await send(freshAddress(), "GET", `/developer/verify?token=${newest}`)).text)).toMatchObject({
      status: "verified",
      message: expect.stringMatching(/choose yours/),
    });
    expect((await login(freshAddress(), email, "the attacker's passphrase 2")).status).toBe(401);
    await choosePasswordFromMailbox(email, "the owner's chosen passphrase");
    expect((await login(freshAddress(), email, "the owner's chosen passphrase")).status).toBe(200);
  });
});

describe("signing out (finding 3)", () => {
  it("a copied cookie is refused after sign-out, on the server; sign-in opens a new session", async () => {
    const { dev } = await verifiedAccount();
    const from = freshAddress();
    const { cookie, csrfToken } = await portalSignIn(from, dev.email, PASSWORD);
    expect((await page(from, "/dashboard", cookie!)).status).toBe(200);
    const copied = cookie!;
    const out = await send(from, "POST", "/api/auth/signout", { form: { csrfToken, json: "true" }, cookie: copied });
    expect(out.status).toBeLessThan(400);
    const after = await page(freshAddress(), "/dashboard", copied);
    expect(after.status).toBe(307);
    expect(after.headers.location).toMatch(/\/login/);
    expect(await db.portalSession.count({ where: { developerId: dev.id } })).toBe(0);
    const again = await portalSignIn(from, dev.email, PASSWORD);
    expect((await page(from, "/dashboard", again.cookie!)).status).toBe(200);
  });
});

describe("rolling a leaked key (finding 4)", () => {
  async function tokenFor(key: string) {
    const res = await send(freshAddress(), "POST", "/sdk/client-token", {
      json: { origins: ["https://app.example"], max_scans: 10 },
      headers: { "x-api-key": key },
    });
    expect(res.status).toBe(201);
    return JSON.parse(res.text).token as string;
  }
  const startWith = (token: string) =>
    send(freshAddress(), "POST", "/sdk/session/start", {
      headers: { authorization: `Bearer ${token}`, origin: "https://app.example" },
    });
  async function roll(dev: { email: string }, keyId: string, grace: string) {
    const idToken = JSON.parse((await login(freshAddress(), dev.email, PASSWORD)).text).id_token;
    const res = await send(freshAddress(), "POST", `/developer/keys/${keyId}/roll`, {
      json: { grace_period: grace },
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(res.status).toBe(200);
    return JSON.parse(res.text).key as string;
  }

  it("a token minted before a 'none' roll is refused after it; one minted with the new secret works", async () => {
    const { dev } = await verifiedAccount();
    const key = await createApiKey(dev.id, "test");
    const before = await tokenFor(key.key);
    expect((await startWith(before)).status).toBe(200);
    const fresh = await roll(dev, key.id, "none");
    const refused = await startWith(before);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toMatchObject({ error: "API_KEY_REVOKED" });
    expect((await startWith(await tokenFor(fresh))).status).toBe(200);
  });

  it("with a grace, tokens of the replaced secret (minted before or during it) work until it ends, then not", async () => {
    const { dev } = await verifiedAccount();
    const key = await createApiKey(dev.id, "test");
    const before = await tokenFor(key.key);
    const fresh = await roll(dev, key.id, "1h");
    const during = await tokenFor(key.key); // the old secret, still in its grace
    const afterRoll = await tokenFor(fresh);
    for (const token of [before, during, afterRoll]) expect((await startWith(token)).status).toBe(200);
    // The grace ends (as the clock would make it in an hour).
    await db.apiKey.update({ where: { id: key.id }, data: { previousValidUntil: new Date(Date.now() - 1000) } });
    for (const token of [before, during]) expect((await startWith(token)).status).toBe(401);
    expect((await startWith(afterRoll)).status).toBe(200);
  });
});

describe("staff two-factor proved by each sign-in (finding 5)", () => {
  it("a password-only staff session gets 404 on /support; a sign-in with the code opens it", async () => {
    const { dev: staff } = await verifiedAccount({ role: "staff" });
    const from = freshAddress();
    const passwordOnly = await portalSignIn(from, staff.email, PASSWORD);
    const enrol = await page(from, "/support", passwordOnly.cookie!);
    expect(enrol.status).toBe(307);
    expect(enrol.headers.location).toContain("/settings/security?required=staff");
    // Two-factor is then turned on elsewhere: the password-only session proved nothing.
    const { secret } = await startTotpEnrolment({ ...staff, portalSession: { mailedCodeProvedAt: new Date() } });
    await db.totpFactor.update({ where: { developerId: staff.id }, data: { confirmedAt: new Date() } });
    await db.developer.update({ where: { id: staff.id }, data: { totpEnabledAt: new Date() } });
    expect((await page(from, "/support", passwordOnly.cookie!)).status).toBe(404);
    const proved = await portalSignIn(from, staff.email, PASSWORD, codeAt(secret));
    expect((await page(from, "/support", proved.cookie!)).status).toBe(200);
  });
});

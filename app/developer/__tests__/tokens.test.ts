import { describe, expect, it, vi } from "vitest";
import { base64url, generateKeyPair, SignJWT } from "jose";
import { createHmac } from "node:crypto";
import { db } from "@/lib/db";
import * as profile from "@/app/developer/profile/route";
import * as login from "@/app/developer/login/route";
import * as forgot from "@/app/developer/forgot-password/route";
import * as reset from "@/app/developer/reset-password/route";
import * as signup from "@/app/developer/signup/route";
import * as jwksRoute from "@/app/.well-known/jwks.json/route";
import { ID_TOKEN_AUDIENCE, idTokenIssuer, issueIdToken, verifyIdToken } from "@/lib/auth/id-token";
import { signingKey } from "@/lib/auth/signing-key";
import { verifyEmail } from "@/lib/accounts/verify-email";
import { mailPasswordReset, resetPassword } from "@/lib/accounts/password-reset";
import { call, linkToken, smtpPerSuite, STRONG_PASSWORD, uniqueEmail } from "@/test/developer-helpers";
import { developerWithToken } from "@/test/developer-fixtures";
import { uniqueIp } from "@/test/ip";

// The portal's action reads the request's headers; a test has no request scope.
vi.mock("next/headers", () => ({
  headers: async () => new Headers(),
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));

const profileWith = (token: string) => call(profile.GET, "GET", "/developer/profile", { token });

function unsigned(header: object, payload: object): string {
  const enc = (o: object) => base64url.encode(JSON.stringify(o));
  return `${enc(header)}.${enc(payload)}`;
}

async function claimsFor(developerId: string, extra: object = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { sub: developerId, sv: 0, iss: idTokenIssuer(), aud: ID_TOKEN_AUDIENCE, iat: now, exp: now + 600, ...extra };
}

describe("ID tokens", () => {
  it("JWKS publishes the public key (with kid, no private part) that verifies login tokens", async () => {
    const res = await call(jwksRoute.GET, "GET", "/.well-known/jwks.json");
    expect(res.status).toBe(200);
    expect(res.body.keys).toHaveLength(1);
    const [key] = res.body.keys;
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig", kid: (await signingKey()).kid });
    expect(key).not.toHaveProperty("d");
  });

  it("refuses alg none, HS256 signed with the public key, an unknown kid, a wrong issuer, an expired or tampered token", async () => {
    const { dev, token } = await developerWithToken();
    expect((await profileWith(token)).status).toBe(200);
    const key = await signingKey();
    const claims = await claimsFor(dev.id);

    const none = `${unsigned({ alg: "none", typ: "JWT", kid: key.kid }, claims)}.`;
    // HS256 with the public key's JSON as the HMAC secret: the classic algorithm-confusion attack.
    const hsInput = unsigned({ alg: "HS256", typ: "JWT", kid: key.kid }, claims);
    const hs256 = `${hsInput}.${createHmac("sha256", JSON.stringify(key.publicJwk)).update(hsInput).digest("base64url")}`;
    const other = await generateKeyPair("ES256");
    const otherKid = await new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256", kid: "someone-else" })
      .sign(other.privateKey);
    const otherKeyOurKid = await new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256", kid: key.kid })
      .sign(other.privateKey);
    const sign = (c: object) =>
      new SignJWT({ ...c }).setProtectedHeader({ alg: "ES256", kid: key.kid }).sign(key.privateKey);
    const wrongIssuer = await sign({ ...claims, iss: "https://evil.example" });
    const wrongAudience = await sign({ ...claims, aud: "someone-else" });
    const expired = await sign({ ...claims, iat: claims.iat - 7200, exp: claims.iat - 3600 });
    const [h, p, s] = token.split(".");
    const tampered = `${h}.${base64url.encode(JSON.stringify({ ...JSON.parse(new TextDecoder().decode(base64url.decode(p))), sv: 5 }))}.${s}`;

    for (const bad of [none, hs256, otherKid, otherKeyOurKid, wrongIssuer, wrongAudience, expired, tampered]) {
      const res = await profileWith(bad);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("UNAUTHORIZED");
    }
    // The same claims signed properly are accepted, so the refusals above are about the attack.
    expect((await profileWith(await sign(claims))).status).toBe(200);
  });

  it("expires after ID_TOKEN_TTL_SECONDS", async () => {
    const { dev } = await developerWithToken();
    const issuedAt = new Date(Date.now() - 3601_000);
    const { id_token, expires_in } = await issueIdToken(dev, issuedAt);
    expect(expires_in).toBe(3600);
    await expect(verifyIdToken(id_token)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(verifyIdToken(id_token, new Date(issuedAt.getTime() + 60_000))).resolves.toMatchObject({
      developerId: dev.id,
    });
  });
});

describe("mail tokens", () => {
  const smtp = smtpPerSuite();

  it("a password reset ends older ID tokens, and the reset link works once", async () => {
    const { dev, token: before } = await developerWithToken();
    expect((await profileWith(before)).status).toBe(200);
    const seen = smtp.mails.length;
    expect((await call(forgot.POST, "POST", "/developer/forgot-password", { body: { email: dev.email } })).status).toBe(
      202,
    );
    const resetToken = linkToken(await smtp.waitFor(dev.email, seen), "/reset-password");
    const newPassword = "a brand new passphrase 7";
    const ok = await call(reset.POST, "POST", "/developer/reset-password", {
      body: { token: resetToken, password: newPassword },
    });
    expect(ok.status).toBe(200);
    expect((await profileWith(before)).body.error).toBe("UNAUTHORIZED");
    const again = await call(reset.POST, "POST", "/developer/reset-password", {
      body: { token: resetToken, password: "yet another passphrase 8" },
    });
    expect(again.body.error).toBe("INVALID_REQUEST");
    const ip = uniqueIp();
    expect(
      (
        await call(login.POST, "POST", "/developer/login", {
          ip,
          body: { email: dev.email, password: STRONG_PASSWORD },
        })
      ).status,
    ).toBe(401);
    const fresh = await call(login.POST, "POST", "/developer/login", {
      ip,
      body: { email: dev.email, password: newPassword },
    });
    expect(fresh.status).toBe(200);
    expect((await profileWith(fresh.body.id_token)).status).toBe(200);
  });

  it("forgot-password for an unknown address answers the same 202 and sends nothing", async () => {
    const known = await developerWithToken();
    const a = await call(forgot.POST, "POST", "/developer/forgot-password", { body: { email: known.dev.email } });
    const b = await call(forgot.POST, "POST", "/developer/forgot-password", { body: { email: uniqueEmail("nobody") } });
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(a.body).toEqual(b.body);
    await smtp.waitFor(known.dev.email);
    await mailPasswordReset(uniqueEmail("nobody"), "ip");
    expect(smtp.mails.some((m) => m.to.startsWith("nobody-"))).toBe(false);
  });

  it("forgot-password answers the same 202 to a malformed address, a missing one and a body that is not JSON", async () => {
    const known = await call(forgot.POST, "POST", "/developer/forgot-password", {
      body: { email: uniqueEmail("nobody") },
    });
    for (const opts of [
      { body: { email: "x" } },
      { body: { email: 42 } },
      { body: {} },
      { body: ["a@b.io"] },
      { raw: "{nope" },
      {},
    ]) {
      const res = await call(forgot.POST, "POST", "/developer/forgot-password", opts);
      expect(res.status).toBe(202);
      expect(res.body).toEqual(known.body);
      expect(res.headers.get("x-request-id")).toBeTruthy();
    }
  });

  it("the portal's forgot-password form answers a malformed address as it answers any other", async () => {
    const { forgotPasswordAction } = await import("@/lib/actions/auth/forgot-password");
    for (const email of ["not-an-address", uniqueEmail("nobody")]) {
      const form = new FormData();
      form.set("email", email);
      const state = await forgotPasswordAction({ ok: false }, form);
      expect(state.ok).toBe(true);
      expect(state.message).toMatch(/has an account, a reset link is on its way/);
      expect(state.fieldErrors).toBeUndefined();
    }
  });

  it("a reset token expires after 1 hour; a verification token after 24 hours but answers 'already verified' when reused within them", async () => {
    const { dev } = await developerWithToken();
    const t0 = new Date();
    let seen = smtp.mails.length;
    await mailPasswordReset(dev.email, "ip", t0);
    const resetToken = linkToken(await smtp.waitFor(dev.email, seen), "/reset-password");
    await expect(
      resetPassword(resetToken, "late passphrase number 9", "ip", new Date(t0.getTime() + 3601_000)),
    ).rejects.toMatchObject({ code: "INVALID_REQUEST" });

    const email = uniqueEmail("verify");
    seen = smtp.mails.length;
    await call(signup.POST, "POST", "/developer/signup", { body: { email, password: STRONG_PASSWORD, name: "V" } });
    const verifyToken = linkToken(await smtp.waitFor(email, seen), "/verify");
    const later = new Date(Date.now() + 24 * 3600_000 + 1000);
    await expect(verifyEmail(verifyToken, "ip", later)).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    expect(await verifyEmail(verifyToken, "ip")).toMatchObject({ status: "verified" });
    expect(await verifyEmail(verifyToken, "ip", new Date(Date.now() + 3600_000))).toMatchObject({
      status: "already_verified",
    });
    // Tokens are kept only as hashes.
    const stored = await db.emailToken.findMany({ where: { developer: { email } } });
    expect(stored.every((t) => t.tokenHash !== verifyToken && /^[0-9a-f]{64}$/.test(t.tokenHash))).toBe(true);
  });
});

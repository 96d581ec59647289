import { execFileSync } from "node:child_process";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { linkFromOutbox, mailFromOutbox } from "./outbox";

/** An account signed up and verified through the public API and the mail outbox. */
export async function signUpVerified(request: APIRequestContext, email: string, password: string, name: string) {
  const res = await request.post("/developer/signup", { data: { email, password, name } });
  expect(res.status()).toBe(201);
  const link = await linkFromOutbox(process.env.E2E_OUTBOX!, email, "Verify", "/verify");
  const verified = await request.get(`/developer/verify?token=${new URL(link).searchParams.get("token")}`);
  expect(verified.status()).toBe(200);
}

/** A verified developer with a live secret key, as a developer's server holds it. */
export async function developerWithLiveKey(request: APIRequestContext, email: string, password: string, name: string) {
  await signUpVerified(request, email, password, name);
  const login = await request.post("/developer/login", { data: { email, password } });
  const { id_token } = (await login.json()) as { id_token: string };
  const created = await request.post("/developer/keys", {
    headers: { Authorization: `Bearer ${id_token}` },
    data: { name: "My clinic's server", environment: "live" },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { key: string }).key;
}

/** A developer's token endpoint: a one-scan client token for the calling site's origin. */
export const clientTokenEndpoint = (serviceUrl: string, liveKey: string) => async (origin: string) => {
  const res = await fetch(`${serviceUrl}/sdk/client-token`, {
    method: "POST",
    headers: { "X-API-Key": liveKey, "Content-Type": "application/json" },
    body: JSON.stringify({ origins: [origin], ttl_seconds: 300, max_scans: 1 }),
  });
  return { status: res.status, body: await res.text() };
};

/** Staff are made by operators with `npm run account`; the test does the same (and activates them where approval is required). */
export function makeStaff(email: string) {
  const env = { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL! };
  for (const args of [
    ["role", email, "staff"],
    ["status", email, "active"],
  ])
    execFileSync("npx", ["tsx", "scripts/account.ts", ...args], { env, stdio: "pipe" });
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The code an authenticator app would show for `secret`, `aheadMs` from now. */
export function totpCode(secret: string, aheadMs = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + aheadMs,
  });
}

/**
 * Turns on two-factor sign-in on the security page with a code computed here; returns the key.
 * Staff (`staffEmail`) first confirm the code mailed to them, read from the outbox.
 */
export async function enrolTotp(page: Page, staffEmail?: string): Promise<string> {
  if (!page.url().includes("/settings/security")) await page.goto("/settings/security");
  if (staffEmail) {
    await page.getByRole("button", { name: "E-mail me a code" }).click();
    const mail = await mailFromOutbox(process.env.E2E_OUTBOX!, staffEmail, "Your Vitals confirmation code");
    const code = /confirmation code is (\d{6})/.exec(mail)![1]!;
    await page.getByLabel("Code from the e-mail").fill(code);
    await page.getByRole("button", { name: "Confirm code" }).click();
  }
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from the app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  return secret;
}

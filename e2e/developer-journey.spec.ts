import { execFileSync } from "node:child_process";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { checkPage } from "./support/page-checks";
import { linkFromOutbox } from "./support/outbox";
import { createKey, keyRow } from "./support/keys";

// One developer's first day, through the real pages, the real mail outbox and the real API.
test.describe.configure({ mode: "serial" });

const email = `ada-${Date.now()}@example.test`;
const password = "Analytical-Engine-1843";
const newPassword = "Difference-Engine-1822";
const keys: { test?: string; live?: string } = {};
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  context = await browser.newContext({ baseURL, permissions: ["clipboard-read", "clipboard-write"] });
  page = await context.newPage();
});

test.afterAll(async () => {
  await context.close();
});

test("sign up through the form", async () => {
  await page.goto("/signup");
  await page.getByLabel("Name").fill("Ada Lovelace");
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByLabel("Company (optional)").fill("Analytical Engines");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "One more step" })).toContainText(email);
});

test("open the verification link from the mail outbox", async ({}, testInfo) => {
  const link = await linkFromOutbox(process.env.E2E_OUTBOX!, email, "Verify", "/verify");
  await page.goto(link);
  await expect(page.getByText("E-mail verified")).toBeVisible();
  await checkPage(page, "verify-done", testInfo);
});

test("log in (a wrong password is refused first)", async ({}, testInfo) => {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("Not-The-Password-0000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await checkPage(page, "dashboard-new", testInfo, { dark: false });
});

test("create a test and a live key: each shown once, never again", async ({}, testInfo) => {
  await page.goto("/keys");
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await checkPage(page, "keys-empty", testInfo, { dark: false });

  keys.test = await createKey(page, "Sandbox", "test", async () =>
    checkPage(page, "keys-created-dialog", testInfo, { dark: false }),
  );
  expect(keys.test).toMatch(/^ck_test_[0-9a-f]{64}$/);
  keys.live = await createKey(page, "Live backend", "live");
  expect(keys.live).toMatch(/^ck_live_[0-9a-f]{64}$/);

  for (const key of [keys.test, keys.live]) {
    await expect(keyRow(page, key.slice(0, 12))).toBeVisible();
    expect(await page.content()).not.toContain(key);
  }
  await page.reload();
  await expect(page.getByTestId("key-row")).toHaveCount(2);
  expect(await page.content()).not.toContain(keys.test);
  expect(await page.content()).not.toContain(keys.live);
});

test("hit the plan's cap, then revoke a key to free a place", async ({}, testInfo) => {
  await createKey(page, "Spare", "test");
  await expect(page.getByTestId("key-cap")).toContainText("3 of 3");
  await expect(page.getByRole("button", { name: "Create key" })).toBeDisabled();
  await expect(page.getByText("Key limit reached")).toBeVisible();
  await checkPage(page, "keys-at-cap", testInfo, { dark: false });

  await page.getByLabel("Environment").selectOption("live");
  await expect(page.getByTestId("key-row")).toHaveCount(1);
  await page.getByLabel("Environment").selectOption("");
  await page.getByRole("button", { name: /^Name/ }).click();
  await expect(page.getByTestId("key-row").first()).toContainText("Live backend");

  await page.getByRole("button", { name: "Revoke Spare" }).click();
  const dialog = page.getByRole("dialog", { name: /Revoke/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("key-row").filter({ hasText: "Spare" })).toContainText("revoked");
  await expect(page.getByTestId("key-cap")).toContainText("2 of 3");
  await expect(page.getByRole("button", { name: "Create key" })).toBeEnabled();
});

test("the curl snippet copied from the quick start gets a 200", async ({}, testInfo) => {
  await page.goto("/quickstart");
  await expect(page.getByTestId("snippet-export")).toContainText(`${keys.test!.slice(0, 12)}…`);
  await page.getByRole("button", { name: "Copy curl: start a session" }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await page.getByTestId("snippet-start").textContent());
  const out = execFileSync("bash", ["-c", `${copied} -w '\\n%{http_code}'`], {
    env: { ...process.env, VITALS_API_KEY: keys.test! },
    encoding: "utf8",
  });
  const lines = out.trim().split("\n");
  expect(lines.pop()).toBe("200");
  expect(JSON.parse(lines.join("\n")).session_id).toMatch(/^[0-9a-f-]{36}$/);
  await checkPage(page, "quickstart", testInfo);
});

test("a live scan counts in this month's usage, a sandbox scan only in the hour", async ({}, testInfo) => {
  const live = await page.request.post("/sdk/session/start", { headers: { "X-API-Key": keys.live! }, data: {} });
  expect(live.status()).toBe(200);
  expect(live.headers()["x-usage-current"]).toBe("1");
  const sandbox = await page.request.post("/sdk/session/start", { headers: { "X-API-Key": keys.test! }, data: {} });
  expect(sandbox.status()).toBe(200);
  expect(sandbox.headers()["x-usage-current"]).toBe("1");
  // The limiter's own count after the last request: limit minus what it says remains.
  const counted = Number(sandbox.headers()["x-ratelimit-limit"]) - Number(sandbox.headers()["x-ratelimit-remaining"]);
  expect(counted).toBe(3); // the quick start's sandbox start, this live one, this sandbox one

  await page.goto("/dashboard");
  await expect(page.getByTestId("monthly-scans")).toHaveText("1 / 500");
  await expect(page.getByTestId("hourly-requests")).toHaveText(`${counted} / 300`);
  await expect(page.getByTestId("key-count")).toHaveText("2 / 3");
  await checkPage(page, "dashboard", testInfo);
});

test("profile and billing", async ({}, testInfo) => {
  await page.goto("/settings");
  await page.getByLabel("Company").fill("Analytical Engines Ltd");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Profile saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Company")).toHaveValue("Analytical Engines Ltd");
  await checkPage(page, "settings", testInfo);

  await page.goto("/billing");
  await expect(page.getByText("Current plan")).toBeVisible();
  await checkPage(page, "billing", testInfo);
  await page.getByRole("button", { name: "Upgrade to Pro" }).click();
  await expect(page.getByText("Billing is unavailable")).toBeVisible(); // no Stripe configured here
});

test("a password reset ends the existing session", async ({ browser, baseURL }) => {
  const anonymous = await browser.newContext({ baseURL });
  const other = await anonymous.newPage();
  await other.goto("/forgot-password");
  await other.getByLabel("E-mail").fill(email);
  await other.getByRole("button", { name: "Send reset link" }).click();
  await expect(other.getByText(/a reset link is on its way/)).toBeVisible();
  await other.goto(await linkFromOutbox(process.env.E2E_OUTBOX!, email, "Reset your password", "/reset-password"));
  await other.getByLabel("New password", { exact: true }).fill(newPassword);
  await other.getByRole("button", { name: "Set new password" }).click();
  await expect(other).toHaveURL(/\/login\?reset=1$/);
  await anonymous.close();

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("log out", async () => {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

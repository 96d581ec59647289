import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { enrolTotp, logIn, signUpVerified, totpCode } from "./support/accounts";
import { createKey, keyRow } from "./support/keys";

// The tools developers reach for when an integration misbehaves or a key leaks.
const password = "a long and unusual passphrase 42";

test("rolling a key shows the new secret once and keeps the old one for the chosen grace", async ({
  page,
  request,
}) => {
  const email = `roll-${randomUUID()}@example.test`;
  await signUpVerified(request, email, password, "Roll Tester");
  await logIn(page, email, password);
  await page.goto("/keys");
  const oldKey = await createKey(page, "backend", "test");

  await keyRow(page, oldKey.slice(0, 12)).getByRole("button", { name: "Roll backend" }).click();
  const dialog = page.getByRole("dialog", { name: "Roll “backend”?" });
  await dialog.getByLabel("24 hours").check();
  await dialog.getByRole("button", { name: "Roll key" }).click();
  const shown = page.getByRole("dialog", { name: "New secret for “backend”" });
  await expect(shown.getByText("you will not see it again")).toBeVisible();
  const newKey = await shown.getByTestId("created-key").inputValue();
  expect(newKey).toMatch(/^ck_test_[0-9a-f]{64}$/);
  expect(newKey).not.toBe(oldKey);
  await shown.getByRole("button", { name: "I have saved it" }).click();
  await expect(shown).toBeHidden();

  // The table shows the new prefix and the old one's overlap, never a whole secret again.
  const row = keyRow(page, newKey.slice(0, 12));
  await expect(row.getByTestId("previous-secret")).toContainText(oldKey.slice(0, 12));
  await page.reload();
  await expect(page.getByText(newKey)).toHaveCount(0);
  await expect(page.locator(`input[value="${newKey}"]`)).toHaveCount(0);

  // Both secrets work during the grace period.
  for (const key of [oldKey, newKey]) {
    const res = await request.post("/sdk/session/start", { headers: { "x-api-key": key }, data: {} });
    expect(res.status()).toBe(200);
  }
});

test("the request log filtered by 4xx shows a failed call made a moment before", async ({ page, request }) => {
  const email = `log-${randomUUID()}@example.test`;
  await signUpVerified(request, email, password, "Log Tester");
  const login = await (await request.post("/developer/login", { data: { email, password } })).json();
  const created = await request.post("/developer/keys", {
    headers: { authorization: `Bearer ${login.id_token}` },
    data: { name: "server", environment: "test" },
  });
  const { key } = await created.json();
  const ok = await request.post("/sdk/session/start", { headers: { "x-api-key": key }, data: {} });
  expect(ok.status()).toBe(200);
  const failed = await request.post("/sdk/session/start", {
    headers: { "x-api-key": key },
    data: { demographics: { age: "old" } },
  });
  expect(failed.status()).toBe(400);
  const failedId = failed.headers()["x-request-id"];

  await logIn(page, email, password);
  await page.getByRole("link", { name: "Request log" }).click();
  await page.getByLabel("Status").selectOption("4xx");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=4xx/);
  // Written off the hot path within a second; a reload picks it up if the first view was early.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("request-row")).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  const row = page.getByTestId("request-row");
  await expect(row).toContainText(failedId);
  await expect(row).toContainText("INVALID_REQUEST");
  await expect(row).toContainText("/sdk/session/start");
  await expect(row).not.toContainText(key);
});

test("two-factor sign-in: enrol with a code computed here, then sign in with the next one", async ({
  page,
  request,
}) => {
  const email = `totp-${randomUUID()}@example.test`;
  await signUpVerified(request, email, password, "Totp Tester");
  await logIn(page, email, password);
  await page.goto("/settings");
  await page.getByRole("link", { name: "Security settings" }).click();
  const secret = await enrolTotp(page);
  await page.reload();
  await expect(page.getByTestId("totp-status")).toContainText("On since");
  // Turning it on ended every other session: this browser's is the one listed, and it proved the code.
  await expect(page.getByTestId("portal-session")).toHaveCount(1);
  await expect(page.getByTestId("portal-session")).toContainText("with two-factor · this browser");

  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Enter the 6-digit code")).toBeVisible();
  // The enrolment used this 30-second step's code, and a code never works twice: use the next.
  await page.getByLabel("Authentication code").fill(totpCode(secret, 30_000));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The developer API asks for the same second factor.
  const noCode = await request.post("/developer/login", { data: { email, password } });
  expect(noCode.status()).toBe(401);
  expect((await noCode.json()).error).toBe("TOTP_REQUIRED");
});

test("the API reference renders the OpenAPI document from this server only", async ({ page, request, baseURL }) => {
  const email = `ref-${randomUUID()}@example.test`;
  await signUpVerified(request, email, password, "Ref Reader");
  const elsewhere: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith("data:")) elsewhere.push(r.url());
  });
  await logIn(page, email, password);
  await page.getByRole("link", { name: "API reference" }).click();
  const reference = page.getByTestId("api-reference");
  await expect(reference.getByText("/developer/keys/{id}/roll")).toBeVisible({ timeout: 30_000 });
  await expect(reference.getByText("/sdk/session/start", { exact: true })).toBeVisible();
  expect(elsewhere).toEqual([]);
  const doc = await request.get("/openapi.json");
  expect((await doc.json()).openapi).toBe("3.1.0");
});

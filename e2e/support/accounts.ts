import { execFileSync } from "node:child_process";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { linkFromOutbox } from "./outbox";

/** An account signed up and verified through the public API and the mail outbox. */
export async function signUpVerified(request: APIRequestContext, email: string, password: string, name: string) {
  const res = await request.post("/developer/signup", { data: { email, password, name } });
  expect(res.status()).toBe(201);
  const link = await linkFromOutbox(process.env.E2E_OUTBOX!, email, "Verify", "/verify");
  const verified = await request.get(`/developer/verify?token=${new URL(link).searchParams.get("token")}`);
  expect(verified.status()).toBe(200);
}

/** Staff are made by operators in the database; the test does the same. */
export function makeStaff(email: string) {
  execFileSync("psql", [process.env.E2E_DATABASE_URL!, "-v", "ON_ERROR_STOP=1", "-c", `UPDATE "Developer" SET role = 'staff' WHERE email = '${email}'`]);
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

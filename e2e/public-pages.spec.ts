import { expect, test } from "@playwright/test";
import { checkPage } from "./support/page-checks";

// The pages anyone can open: accessible, usable at phone width, forms that check themselves
// with the API's own rules before they submit.

const PAGES = [
  { path: "/", name: "home", heading: /vital signs/i },
  { path: "/signup", name: "signup", heading: "Create your account" },
  { path: "/login", name: "login", heading: "Sign in" },
  { path: "/forgot-password", name: "forgot-password", heading: "Reset your password" },
  { path: "/reset-password?token=example", name: "reset-password", heading: "Choose a new password" },
  { path: "/verify", name: "verify-no-token", heading: "Verify your e-mail", dark: false },
];

for (const p of PAGES) {
  test(`${p.path} is accessible at desktop and phone widths`, async ({ page }, testInfo) => {
    await page.goto(p.path);
    await expect(page.getByRole("heading", { level: 1, name: p.heading })).toBeVisible();
    await checkPage(page, p.name, testInfo, { dark: p.dark });
  });
}

test("sign-up checks fields inline with the API's rules before submitting", async ({ page }, testInfo) => {
  await page.goto("/signup");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toBeFocused();
  await expect(page.getByLabel("Work e-mail")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Work e-mail").fill("not-an-address");
  await page.getByLabel("Password").fill("short");
  await page.getByLabel("Password").blur();
  await expect(page.getByText("Must be at least 12 characters.")).toBeVisible();
  await expect(page.getByText("Must be an e-mail address.")).toBeVisible();
  await checkPage(page, "signup-invalid", testInfo, { dark: false });
});

test("a bad verification link says so, without verifying anything", async ({ page }) => {
  await page.goto("/verify?token=not-a-real-token");
  await expect(page.getByText("We could not verify this link")).toBeVisible();
});

test("forgot password answers the same for any address", async ({ page }) => {
  await page.goto("/forgot-password");
  await page.getByLabel("E-mail").fill(`nobody-${Date.now()}@example.test`);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/If .* has an account, a reset link is on its way/)).toBeVisible();
});

test("portal pages send a signed-out visitor to sign in", async ({ page }) => {
  for (const path of ["/dashboard", "/keys", "/quickstart", "/billing", "/settings"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

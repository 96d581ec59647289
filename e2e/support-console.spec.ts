import { expect, test } from "@playwright/test";
import { checkPage } from "./support/page-checks";
import { logIn, makeStaff, signUpVerified } from "./support/accounts";

// Staff find an account, suspend and reinstate it, and change its plan; others never see the console.
const stamp = Date.now();
const staff = { email: `staff-${stamp}@example.test`, password: "Support-Desk-Staff-2026" };
const customer = `customer-${stamp}@example.test`;
const customerPassword = "Customer-Password-2026";

test("staff suspend, reinstate and re-plan an account; developers get a 404", async ({ page, request, browser, baseURL }, testInfo) => {
  test.skip(!process.env.E2E_DATABASE_URL, "needs the database to make a staff account");
  await signUpVerified(request, staff.email, staff.password, "Grace Hopper");
  await signUpVerified(request, customer, customerPassword, "Alan Turing");

  await logIn(page, staff.email, staff.password);
  expect((await page.goto("/support"))?.status()).toBe(404);

  makeStaff(staff.email);
  await page.goto("/support");
  await expect(page.getByRole("heading", { level: 1, name: "Support console" })).toBeVisible();
  await page.getByLabel("E-mail, name or company").fill(customer);
  await page.getByRole("button", { name: "Search" }).click();
  const card = page.getByTestId("account").filter({ hasText: customer });
  await expect(card).toContainText("active");
  await checkPage(page, "support", testInfo);

  await card.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText(`${customer}: status active → suspended.`)).toBeVisible();
  await expect(card).toContainText("suspended");

  // The suspended developer can still sign in, and is told why the API refuses them.
  const customerContext = await browser.newContext({ baseURL });
  const customerPage = await customerContext.newPage();
  await logIn(customerPage, customer, customerPassword);
  await expect(customerPage.getByText("Your account is suspended")).toBeVisible();
  await checkPage(customerPage, "dashboard-suspended", testInfo, { dark: false });
  await customerContext.close();

  await card.getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByText(`${customer}: status suspended → active.`)).toBeVisible();
  await expect(card.getByRole("button", { name: "Suspend" })).toBeVisible();

  await card.getByLabel("Plan").selectOption("pro");
  await card.getByRole("button", { name: "Change plan" }).click();
  await expect(page.getByText(`${customer}: plan starter → pro.`)).toBeVisible();
  await expect(card).toContainText("pro");
});

test("an account that has not verified its e-mail is told what to do", async ({ page, request }) => {
  const email = `pending-${stamp}@example.test`;
  const res = await request.post("/developer/signup", { data: { email, password: "Pending-Password-2026", name: "Pat Pending" } });
  expect(res.status()).toBe(201);
  await logIn(page, email, "Pending-Password-2026");
  await expect(page.getByText("Verify your e-mail to start using the API")).toBeVisible();
  await page.goto("/keys");
  await expect(page.getByText("Keys can be created and revoked once your account is active.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toBeDisabled();
});

import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { VitalsApiError, VitalsClient } from "../sdk/src/index";
import { startServerProcess } from "../test/server-process";
import { checkPage } from "./support/page-checks";
import { enrolTotp, logIn, makeStaff, signUpVerified } from "./support/accounts";
import { createKey, keyRow } from "./support/keys";
import { mailFromOutbox } from "./support/outbox";
import { e2eSettings, freePortHere } from "./support/server";
import { FAILED_REQUESTS_THRESHOLD } from "../lib/support/schemas";
import { recordAction, replayAction, supportActions, type RecordedAction } from "./support/server-actions";

// A support shift on a server that requires approval (REQUIRE_APPROVAL=true, its own process on
// the e2e database and outbox): approve a waiting account, revoke one of its keys, read both in
// the account's timeline; and a developer finds no /support page or action at all.
test.describe.configure({ mode: "serial" });

const stamp = Date.now();
const staff = { email: `staff-${stamp}@example.test`, password: "Support-Desk-Staff-2026", name: "Grace Hopper" };
const dev = { email: `waiting-${stamp}@example.test`, password: "Waiting-Developer-2026", name: "Alan Turing" };
const reasons = { approve: "Company checked on its website", revoke: "Key posted in a public repository" };

let server: ChildProcess | undefined;
let api: APIRequestContext;
let staffContext: BrowserContext;
let devContext: BrowserContext;
let staffPage: Page;
let devPage: Page;
let base: string;
let devId: string;
let key: string;
let noteCall: RecordedAction;
let failedRequestId: string;
const NOTE = "Called the developer about the leaked key.";

test.beforeAll(async ({ playwright, browser }) => {
  test.skip(
    process.env.E2E_START_SERVER !== "1",
    "starts its own REQUIRE_APPROVAL server next to the one Playwright starts",
  );
  const port = await freePortHere();
  server = await startServerProcess(
    {
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: process.env.E2E_DATABASE_URL!,
      DATA_DIR: path.join(process.env.E2E_DIR!, "approval-data"),
      // The same keys and webhook settings as the run's main server on the same database.
      ...e2eSettings().sharedSettings,
      MAIL_OUTBOX_DIR: process.env.E2E_OUTBOX!,
      SMTP_URL: "",
      REQUIRE_APPROVAL: "true",
      RATE_LIMIT_STORE: "memory",
      STRIPE_SECRET_KEY: "",
    },
    port,
  );
  base = `http://127.0.0.1:${port}`;
  api = await playwright.request.newContext({ baseURL: base });
  staffContext = await browser.newContext({ baseURL: base });
  devContext = await browser.newContext({ baseURL: base });
  staffPage = await staffContext.newPage();
  devPage = await devContext.newPage();
});

test.afterAll(async () => {
  await staffContext?.close();
  await devContext?.close();
  await api?.dispose();
  server?.kill();
});

test("staff approve a waiting account from the queue; the developer is mailed and can create keys", async ({}, testInfo) => {
  await signUpVerified(api, staff.email, staff.password, staff.name);
  makeStaff(staff.email);
  await signUpVerified(api, dev.email, dev.password, dev.name);
  // Verified, but waiting: no keys yet.
  await logIn(devPage, dev.email, dev.password);
  await devPage.goto("/keys");
  await expect(devPage.getByRole("button", { name: "Create key" })).toBeDisabled();

  await logIn(staffPage, staff.email, staff.password);
  // Staff without two-factor sign-in are sent to set it up before the console opens.
  await staffPage.goto("/support");
  await expect(staffPage).toHaveURL(/\/settings\/security\?required=staff$/);
  await enrolTotp(staffPage, staff.email);
  await staffPage.goto("/support");
  await expect(staffPage.getByRole("link", { name: "Awaiting approval" })).toHaveAttribute("aria-current", "page");
  const row = staffPage.getByTestId("queue-row").filter({ hasText: dev.email });
  await expect(row).toContainText("pending");
  await checkPage(staffPage, "support-queues", testInfo);

  await row.getByRole("link", { name: dev.email }).click();
  await expect(staffPage.getByRole("heading", { level: 1, name: dev.email })).toBeVisible();
  devId = staffPage.url().split("/").pop()!;
  await staffPage.getByText("Approve…").click();
  await staffPage.getByLabel("Reason").first().fill(reasons.approve);
  await staffPage.getByRole("button", { name: "Approve account" }).click();
  await expect(staffPage.getByText(`${dev.email} is approved. The developer was e-mailed.`)).toBeVisible();
  await expect(staffPage.getByTestId("status-history")).toContainText(reasons.approve);
  await expect(staffPage.getByTestId("status-history")).toContainText(`by staff ${staff.email}`);

  expect(await mailFromOutbox(process.env.E2E_OUTBOX!, dev.email, "approved")).toContain("You can now create API keys");
  await devPage.reload();
  key = await createKey(devPage, "Staging", "test");
  const client = new VitalsClient({ apiKey: key, baseUrl: base, maxRetries: 0 });
  expect((await client.startSession()).session_id).toMatch(/^[0-9a-f-]{36}$/);
  // Failed calls the request log keeps (they have an account): enough to put the account in the
  // "many failed requests" queue; the last one is looked for on the account page.
  let failed: unknown;
  for (let i = 0; i < FAILED_REQUESTS_THRESHOLD; i++)
    failed = await client.completeUpload(randomUUID()).catch((e: unknown) => e);
  expect(failed).toMatchObject({ status: 404, error: "SESSION_NOT_FOUND" });
  failedRequestId = (failed as VitalsApiError).requestId!;
  expect(failedRequestId).toMatch(/^[0-9a-f-]{36}$/);
});

test("staff revoke the key from the account page; its next SDK request gets 401", async () => {
  await staffPage.reload();
  const row = keyRow(staffPage, key.slice(0, 12));
  await expect(row).toContainText("active");
  await row.getByRole("button", { name: "Revoke Staging" }).click();
  const dialog = staffPage.getByRole("dialog");
  await dialog.getByLabel("Reason").fill(reasons.revoke);
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("revoked");

  const client = new VitalsClient({ apiKey: key, baseUrl: base, maxRetries: 0 });
  const err = await client.startSession().catch((e: unknown) => e);
  expect(err).toBeInstanceOf(VitalsApiError);
  expect({ status: (err as VitalsApiError).status, error: (err as VitalsApiError).error }).toEqual({
    status: 401,
    error: "API_KEY_REVOKED",
  });
  expect(await mailFromOutbox(process.env.E2E_OUTBOX!, dev.email, "revoked")).toContain(key.slice(0, 12));
});

test("the account's audit timeline shows both actions with their reasons and its failed requests; staff add an internal note; the failed-requests queue lists it", async ({}, testInfo) => {
  await staffPage.reload();
  const timeline = staffPage.getByTestId("timeline-row");
  await expect(timeline.filter({ hasText: "developer.status_change" })).toContainText(reasons.approve);
  await expect(timeline.filter({ hasText: "api_key.revoke" }).filter({ hasText: reasons.revoke })).toContainText(
    `staff ${staff.email}`,
  );
  const failed = staffPage.getByTestId("failed-request-row").filter({ hasText: failedRequestId });
  await expect(failed).toContainText("/sdk/session/upload-complete");
  await expect(failed).toContainText("SESSION_NOT_FOUND");
  await expect(failed.getByRole("link", { name: failedRequestId })).toHaveAttribute(
    "href",
    `/support/requests?id=${failedRequestId}`,
  );
  await staffPage.getByLabel("New internal note").fill(NOTE);
  noteCall = await recordAction(staffPage, () => staffPage.getByRole("button", { name: "Add note" }).click());
  await expect(staffPage.getByTestId("support-note")).toContainText(NOTE);
  // Checked with an action's reason form open, as staff see it while acting.
  await staffPage.getByText("Change plan…").click();
  await checkPage(staffPage, "support-account", testInfo);

  // Both lookups, as staff type them: the request id a developer quoted, then the account.
  await staffPage.goto("/support/requests");
  await staffPage.getByLabel("Request id").fill(failedRequestId);
  await staffPage.getByRole("button", { name: "Look up" }).click();
  await expect(staffPage.getByTestId("request-found")).toContainText(dev.email);
  await staffPage.goto("/support");
  await staffPage.getByLabel("E-mail, name or company").fill(dev.email);
  await staffPage.getByRole("button", { name: "Search" }).click();
  await expect(
    staffPage.getByRole("region", { name: "Search results" }).getByRole("link", { name: dev.email }),
  ).toBeVisible();

  await staffPage.goto("/support?queue=failing");
  const failing = staffPage.getByTestId("queue-row").filter({ hasText: dev.email });
  // The last two columns: failed requests in 24 h and the most common error code.
  await expect(failing.locator("td").nth(-2)).toHaveText(String(FAILED_REQUESTS_THRESHOLD));
  await expect(failing.locator("td").nth(-1)).toHaveText("SESSION_NOT_FOUND");
  await checkPage(staffPage, "support-failing-queue", testInfo);
});

test("a developer gets 404 on every /support page and action", async () => {
  const staffId = await idOf(staff.email);
  for (const url of [
    "/support",
    "/support?queue=quota",
    "/support?queue=failing",
    "/support?queue=suspended",
    `/support/accounts/${devId}`,
    `/support/accounts/${staffId}`,
    `/support/organizations/${devId}`,
    `/support/requests?id=${failedRequestId}`,
  ]) {
    expect((await devPage.goto(url))?.status(), url).toBe(404);
  }
  // Staff asking for an account that does not exist get a real 404 too, not a streamed 200.
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    expect((await staffPage.goto(`/support/accounts/${id}`))?.status(), id).toBe(404);
  }
  // Staff's own "Add note" request, sent by the developer's session to every support action.
  const actions = supportActions();
  expect(actions.map((a) => a.name).sort()).toEqual([
    "accountAction",
    "noteAction",
    "organizationAction",
    "planAction",
    "revokeKeyAction",
    "twoFactorAction",
  ]);
  for (const action of actions) {
    // Sent to a page that does not use the action (organizationAction lives on the organization
    // page), Next answers the action's notFound() in the payload with status 200, not as a 404.
    const r = await replayAction(devPage.request, noteCall, action.id);
    const refused = r.status() === 404 || (await r.text()).includes('"digest":"NEXT_HTTP_ERROR_FALLBACK;404"');
    expect(refused, action.name).toBe(true);
  }
  const notes = staffPage.getByTestId("support-note").filter({ hasText: NOTE });
  await staffPage.goto(`/support/accounts/${devId}`);
  await expect(notes).toHaveCount(1);
  // The same request from staff works: the 404 is the staff check, not a malformed call.
  const noteAction = actions.find((a) => a.name === "noteAction")!;
  expect((await replayAction(staffPage.request, noteCall, noteAction.id)).status()).toBe(200);
  await staffPage.reload();
  await expect(notes).toHaveCount(2);
  await expect(staffPage.getByTestId("status-history")).not.toContainText("suspended");
});

async function idOf(email: string): Promise<string> {
  await staffPage.goto(`/support?q=${encodeURIComponent(email)}`);
  const href = await staffPage
    .getByRole("region", { name: "Search results" })
    .getByRole("link", { name: email })
    .getAttribute("href");
  return href!.split("/").pop()!;
}

test("an account that has not verified its e-mail is told what to do", async ({ page, request }) => {
  const email = `pending-${stamp}@example.test`;
  const res = await request.post("/developer/signup", {
    data: { email, password: "Pending-Password-2026", name: "Pat Pending" },
  });
  expect(res.status()).toBe(201);
  await logIn(page, email, "Pending-Password-2026");
  await expect(page.getByText("Verify your e-mail to start using the API")).toBeVisible();
  await page.goto("/keys");
  await expect(page.getByText("Keys can be created and revoked once your account is active.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toBeDisabled();
});

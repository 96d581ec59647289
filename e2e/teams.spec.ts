import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { logIn, signUpVerified } from "./support/accounts";
import { createKey } from "./support/keys";
import { linkFromOutbox } from "./support/outbox";
import { checkPage } from "./support/page-checks";
import { recordAction, replayAction } from "./support/server-actions";

// A company runs its integration together (docs/teams.md): an owner makes an organization and
// invites a developer and a billing member by e-mail; each acts within their role; a removed
// member is refused at once while the key they made keeps working; the audit trail names each.
const PASSWORD = "a long and unusual passphrase 42";
const ORG = `Acme Health ${randomUUID().slice(0, 6)}`;

async function person(browser: Browser, request: APIRequestContext, label: string) {
  const email = `${label}-${randomUUID()}@example.test`;
  await signUpVerified(request, email, PASSWORD, `${label[0]!.toUpperCase()}${label.slice(1)} Person`);
  const page = await (await browser.newContext()).newPage();
  return { email, page };
}

/** The invited person opens the mailed link signed out, signs in from it, and joins. */
async function acceptInvitation(page: Page, email: string) {
  const link = await linkFromOutbox(
    process.env.E2E_OUTBOX!,
    email,
    "You are invited to an organization",
    "/invitations/accept",
  );
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(`You are invited to ${ORG}`)).toBeVisible();
  await page.getByRole("link", { name: `Sign in with ${email}` }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: `Join ${ORG}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("organization-name")).toHaveText(ORG);
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Portal" });

async function idToken(request: APIRequestContext, email: string, organizationId: string) {
  const res = await request.post("/developer/login", {
    data: { email, password: PASSWORD, organization_id: organizationId },
  });
  return { status: res.status(), token: ((await res.json()) as { id_token?: string }).id_token };
}

test("an owner's team: invitations, roles, a removal, and the audit trail naming each member", async ({
  browser,
  request,
}, testInfo) => {
  const owner = await person(browser, request, "owner");
  const dev = await person(browser, request, "developer");
  const payer = await person(browser, request, "billing");

  // The owner makes the organization and invites two people.
  await logIn(owner.page, owner.email, PASSWORD);
  await nav(owner.page).getByRole("link", { name: "Team", exact: true }).click();
  await owner.page.getByLabel("Organization name").fill(ORG);
  await owner.page.getByRole("button", { name: "Create organization" }).click();
  await expect(owner.page.getByRole("heading", { level: 1, name: ORG })).toBeVisible();
  for (const [who, role] of [
    [dev, "developer"],
    [payer, "billing"],
  ] as const) {
    const invite = owner.page.getByRole("form", { name: "Invite a member" });
    await invite.getByLabel("E-mail address").fill(who.email);
    await invite.getByLabel("Role").selectOption(role);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(owner.page.getByText(`Invitation sent to ${who.email}.`)).toBeVisible();
  }
  await expect(owner.page.getByTestId("invitation-row")).toHaveCount(2);
  await checkPage(owner.page, "team", testInfo);

  // The developer joins, makes a live key, and a scan with it counts in the organization's usage.
  await acceptInvitation(dev.page, dev.email);
  await nav(dev.page).getByRole("link", { name: "API keys", exact: true }).click();
  let key = "";
  const createCall = await recordAction(dev.page, async () => {
    key = await createKey(dev.page, "made by the developer", "live");
  });
  const scan = () => request.post("/sdk/session/start", { headers: { Authorization: `Bearer ${key}` }, data: {} });
  expect((await scan()).status()).toBe(200);
  const orgId = (await dev.page.context().cookies()).find((c) => c.name === "vitals-org")!.value;
  const ownerApi = await idToken(request, owner.email, orgId);
  const usage = await request.get("/developer/usage", { headers: { Authorization: `Bearer ${ownerApi.token}` } });
  expect(((await usage.json()) as { current_month: { scan_count: number } }).current_month.scan_count).toBe(1);

  // The billing member sees billing and usage, no key page, and the key API refuses them.
  await acceptInvitation(payer.page, payer.email);
  await expect(nav(payer.page).getByRole("link", { name: "Billing", exact: true })).toBeVisible();
  await expect(payer.page.getByRole("link", { name: /API keys/ })).toHaveCount(0);
  // Not found for their role (the page streams, so the status line was sent before the check).
  await payer.page.goto("/keys");
  await expect(payer.page.getByText("This page could not be found.")).toBeVisible();
  await expect(payer.page.getByRole("button", { name: "Create key" })).toHaveCount(0);
  const payerApi = await idToken(request, payer.email, orgId);
  const keys = await request.get("/developer/keys", { headers: { Authorization: `Bearer ${payerApi.token}` } });
  expect(keys.status()).toBe(403);
  expect(await keys.json()).toMatchObject({ error: "FORBIDDEN" });
  // The developer's create-key server action, sent again from the billing member's session:
  // the server refuses it whatever the page offers, and no key is made.
  const replayed = await replayAction(payer.page.request, createCall, createCall.id);
  expect(await replayed.text()).toContain("does not allow this");
  const listed = await request.get("/developer/keys", { headers: { Authorization: `Bearer ${ownerApi.token}` } });
  expect(((await listed.json()) as { keys: unknown[] }).keys).toHaveLength(1);

  // The owner removes the developer: their next requests are refused; their key still works.
  const devApi = await idToken(request, dev.email, orgId);
  await owner.page.reload();
  const devRow = owner.page.getByTestId("member-row").filter({ hasText: dev.email });
  owner.page.once("dialog", (d) => void d.accept());
  await devRow.getByRole("button", { name: "Remove" }).click();
  await expect(owner.page.getByTestId("member-row").filter({ hasText: dev.email })).toHaveCount(0);
  const refused = await request.get("/developer/keys", { headers: { Authorization: `Bearer ${devApi.token}` } });
  expect(refused.status()).toBe(403);
  await dev.page.goto("/keys");
  await expect(dev.page.getByTestId("organization-name")).not.toHaveText(ORG);
  await expect(dev.page.getByText("made by the developer")).toHaveCount(0);
  expect((await scan()).status()).toBe(200);
  await owner.page.goto("/keys");
  await expect(owner.page.getByTestId("key-row").filter({ hasText: "made by the developer" })).toContainText(dev.email);

  // The audit trail names each of them, and filters by member.
  await owner.page.goto("/team/audit");
  const rows = owner.page.getByTestId("audit-row");
  await expect(rows.filter({ hasText: dev.email }).filter({ hasText: "api_key.create" })).toHaveCount(1);
  await expect(rows.filter({ hasText: payer.email }).filter({ hasText: "invitation.accept" })).toHaveCount(1);
  await expect(rows.filter({ hasText: owner.email }).filter({ hasText: "member.remove" })).toHaveCount(1);
  await owner.page.getByRole("combobox", { name: "Member" }).selectOption({ label: `Billing Person (${payer.email})` });
  await owner.page.getByRole("button", { name: "Filter" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(payer.email);
  await checkPage(owner.page, "team-audit", testInfo, { dark: false });
});

import { randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { logIn, signUpVerified } from "./support/accounts";
import { checkPage } from "./support/page-checks";

// A developer's server receives signed results: an endpoint added in the portal, a test event and
// its replay delivered to a real HTTP receiver here, verified with the Standard Webhooks library.
type Received = { headers: Record<string, string>; body: string };

const received: Received[] = [];
let receiver: Server;
let receiverUrl: string;

const plain = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]));

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: plain(req.headers), body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/vitals`;
});

test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

test("an endpoint added in the portal receives a signed test event, and its replay", async ({
  page,
  request,
}, testInfo) => {
  const email = `hooks-${randomUUID()}@example.test`;
  const password = "a long and unusual passphrase 42";
  await signUpVerified(request, email, password, "Hook Tester");
  await logIn(page, email, password);

  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { name: "No webhook endpoints yet" })).toBeVisible();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const add = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  await add.getByLabel("Endpoint URL").fill(receiverUrl);
  await add.getByLabel("Description (optional)").fill("Test receiver");
  await add.getByRole("button", { name: "Add endpoint" }).click();
  const shown = page.getByRole("dialog", { name: "Your endpoint's signing secret" });
  const secret = await shown.getByTestId("created-key").inputValue();
  expect(secret).toMatch(/^whsec_/);
  await shown.getByRole("button", { name: "I have saved it" }).click();
  await expect(page.getByTestId("endpoint-row")).toHaveCount(1);
  expect(await page.content()).not.toContain(secret);

  await page.getByRole("link", { name: receiverUrl }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Test receiver" })).toBeVisible();
  const endpointPage = page.url();
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByRole("status").filter({ hasText: "queued" })).toBeVisible();
  const rows = page.getByTestId("delivery-row");
  // The dispatcher is woken when the event is queued; a reload shows the outcome.
  await expect(async () => {
    await page.reload();
    await expect(rows.first()).toContainText("succeeded", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(rows.first()).toContainText("HTTP 200");

  expect(received).toHaveLength(1);
  const [first] = received;
  for (const h of ["webhook-id", "webhook-timestamp", "webhook-signature"]) expect(first!.headers[h]).toBeTruthy();
  const event = new Webhook(secret).verify(first!.body, first!.headers) as { id: string; type: string };
  expect(event).toMatchObject({ id: first!.headers["webhook-id"], type: "webhook.test" });

  await rows.first().getByRole("link").click();
  await expect(page.getByTestId("delivery-payload")).toContainText("A test event sent from the Vitals portal");
  await expect(page.getByTestId("delivery-attempt")).toContainText("HTTP 200");
  await page.getByRole("button", { name: "Replay" }).click();
  await expect(page.getByRole("status").filter({ hasText: "queued again" })).toBeVisible();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
  const replay = received[1]!;
  expect(replay.headers["webhook-id"]).toBe(event.id);
  expect(new Webhook(secret).verify(replay.body, replay.headers)).toMatchObject({ id: event.id });

  await page.goto(endpointPage);
  await expect(async () => {
    await page.reload();
    await expect(rows).toHaveCount(2, { timeout: 1000 });
    await expect(rows.nth(0)).toContainText("succeeded", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(rows.nth(0)).toContainText(event.id);
  await expect(rows.nth(0)).toContainText("replay");
  await checkPage(page, "webhook-endpoint", testInfo, { dark: false });

  // Another account's endpoint (here: one that does not exist) is not found, status and page.
  const missing = await page.goto(`/webhooks/${randomUUID()}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("This page could not be found.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send test event" })).toHaveCount(0);
});

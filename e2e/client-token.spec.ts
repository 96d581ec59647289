import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signUpVerified } from "./support/accounts";

// A client token used the way it is meant to be: by a page in Chromium on the developer's own
// origin, calling the service cross-origin (CORS preflight, Authorization: Bearer), while the
// secret key stays with the "server" (this test's request context).

// The developer's site: a real local server (Chromium lets only a local page call a local
// service), reached under two names, which are two origins.
let site: Server;
let PAGE_ORIGIN = "";
let OTHER_ORIGIN = "";

test.beforeAll(async () => {
  site = createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>shop</title><h1>shop</h1>"),
  );
  await new Promise<void>((resolve) => site.listen(0, resolve));
  const { port } = site.address() as AddressInfo;
  PAGE_ORIGIN = `http://localhost:${port}`;
  OTHER_ORIGIN = `http://127.0.0.1:${port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

/** A developer's test key, made through the public and developer API. */
async function testKey(request: APIRequestContext): Promise<string> {
  const email = `token-${randomUUID()}@example.test`;
  const password = "a long and unusual passphrase 42";
  await signUpVerified(request, email, password, "Token Tester");
  const login = await (await request.post("/developer/login", { data: { email, password } })).json();
  const created = await request.post("/developer/keys", {
    headers: { authorization: `Bearer ${login.id_token}` },
    data: { name: "browser demo", environment: "test" },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).key;
}

async function mint(request: APIRequestContext, key: string, origins: string[]): Promise<string> {
  const res = await request.post("/sdk/client-token", {
    headers: { "x-api-key": key },
    data: { origins, max_scans: 2 },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).token;
}

/** start -> PUT -> upload-complete from inside the page, as the browser SDK does it. */
function scanFromPage(page: Page, api: string, token: string) {
  return page.evaluate(
    async ({ api, token }) => {
      const auth = { authorization: `Bearer ${token}` };
      const started = await fetch(`${api}/sdk/session/start`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: "{}",
      });
      const session = await started.json();
      if (!started.ok) return { start: started.status, session };
      const put = await fetch(session.upload_url, {
        method: "PUT",
        headers: { "content-type": "video/webm" },
        body: new Uint8Array(64),
      });
      const completed = await fetch(`${api}/sdk/session/upload-complete`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ session_id: session.session_id }),
      });
      return { start: started.status, put: put.status, complete: completed.status, result: await completed.json() };
    },
    { api, token },
  );
}

test("a page on the token's origin scans with it; a page elsewhere is refused", async ({ page, request, baseURL }) => {
  const key = await testKey(request);
  const token = await mint(request, key, [PAGE_ORIGIN]);
  expect(token).toMatch(/^ct_test_[0-9a-f]{64}$/);

  await page.goto(`${PAGE_ORIGIN}/`);
  const scan = await scanFromPage(page, baseURL!, token);
  expect(scan).toMatchObject({
    start: 200,
    put: 200,
    complete: 200,
    result: { status: "completed", vitals: { heart_rate: 72, confidence: 0.95 } },
  });

  await page.goto(`${OTHER_ORIGIN}/`);
  const refused = await scanFromPage(page, baseURL!, token);
  expect(refused).toMatchObject({ start: 403, session: { error: "FORBIDDEN" } });
});

test("a same-origin GET, which carries no Origin header, counts as coming from APP_URL", async ({
  page,
  request,
  baseURL,
}) => {
  const key = await testKey(request);
  const forApp = await mint(request, key, [new URL(baseURL!).origin]);
  const forOther = await mint(request, key, [PAGE_ORIGIN]);
  await page.goto("/");
  const answers = await page.evaluate(
    async ({ tokens, id }) =>
      Promise.all(
        tokens.map(async (token) => {
          const res = await fetch(`/sdk/session/result/${id}`, { headers: { authorization: `Bearer ${token}` } });
          return (await res.json()).error;
        }),
      ),
    { tokens: [forApp, forOther], id: randomUUID() },
  );
  // Past the token checks, an unknown session is 404; the other origin's token stops at 403.
  expect(answers).toEqual(["SESSION_NOT_FOUND", "FORBIDDEN"]);
});

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, test } from "@playwright/test";
import { clientTokenEndpoint, developerWithLiveKey } from "./support/accounts";
import { freePortHere } from "./support/server";
import { type StaticSite, staticSite } from "./support/static-site";
import { elementPage } from "./engines/engine-harness";
import { type Engine, type EnginePage, openEngine } from "./engines/engine-page";
import { type FixtureVideo, fixtureVideo } from "./engines/engine-scan";

// The two engines beside Chromium (docs/sdk.md, "Engines"): Firefox ESR over WebDriver BiDi and
// WebKitGTK through WebKitWebDriver. In each, a developer's page with one <vitals-scan> scans
// the face fixture against the production server with a client token, by camera (a canvas
// stream of the MP4 standing in for getUserMedia) and by picked file; and the public pages
// and sign-in pass axe. Chromium runs the full suite (scan-element.spec.ts and the rest).

test.describe.configure({ mode: "serial" });

const SECONDS = 20;
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const PUBLIC_PAGES = ["/", "/signup", "/login", "/forgot-password", "/reset-password?token=example", "/verify"];
const email = `engines-${Date.now()}@example.test`;
const password = "Every-Engine-A-Phone-Has-2026";
let video: FixtureVideo;
let site: StaticSite;
let axeSource: string;

test.beforeAll(async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  video = fixtureVideo(SECONDS);
  axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  const liveKey = await developerWithLiveKey(request, email, password, "Engine Tester");
  site = await staticSite(
    await freePortHere(),
    { "/": elementPage(baseURL!, SECONDS) },
    { "/api/vitals-token": clientTokenEndpoint(baseURL!, liveKey) },
    { "/face.mp4": video.mp4 },
  );
});
test.afterAll(async () => {
  await site?.close();
  video?.remove();
});

type Vitals = { heart_rate: number; confidence: number; quality?: { heart_rate?: { confidence: number } } };

async function withEngine<T>(engine: Engine, fn: (page: EnginePage) => Promise<T>): Promise<T> {
  const page = await openEngine(engine);
  try {
    return await fn(page);
  } finally {
    await page.close();
  }
}

for (const engine of ["firefox", "webkit"] as const) {
  for (const mode of ["camera", "file"] as const) {
    test(`${engine}: <vitals-scan> by ${mode} reads the fixture within 3 bpm at confidence >= 0.4`, async () => {
      test.setTimeout(240_000);
      const answer = await withEngine(engine, async (page) => {
        await page.goto(`${site.origin}/`);
        const heard = await page.run<{ ok: boolean; vitals?: Vitals; error?: string }>(
          "(mode) => window.scanWithElement(mode)",
          mode,
        );
        console.log(
          `${page.version} <vitals-scan> ${mode}:`,
          heard.vitals?.heart_rate,
          heard.vitals?.confidence,
          heard.error ?? "",
        );
        return heard;
      });
      expect(answer.ok, answer.error).toBe(true);
      const vitals = answer.vitals!;
      expect(Math.abs(vitals.heart_rate - video.heartRate)).toBeLessThanOrEqual(3);
      expect(vitals.quality?.heart_rate?.confidence ?? vitals.confidence).toBeGreaterThanOrEqual(0.4);
    });
  }

  test(`${engine}: the public pages, sign-in and the dashboard pass axe`, async ({ baseURL }) => {
    test.setTimeout(180_000);
    await withEngine(engine, async (page) => {
      const axe = async (name: string) => {
        const found = await page.run<string[]>(
          `async (source, tags) => {
            if (!window.axe) (0, eval)(source);
            const r = await window.axe.run(document, { runOnly: { type: "tag", values: tags } });
            return r.violations.map((v) => v.id + " (" + v.impact + "): " + v.help + " at " + v.nodes.map((n) => n.target.join(" ")).join(", "));
          }`,
          axeSource,
          AXE_TAGS,
        );
        expect(found, `axe on ${name} in ${page.version}`).toEqual([]);
      };
      for (const path of PUBLIC_PAGES) {
        await page.goto(`${baseURL}${path}`);
        await waitFor(page, "document.querySelector('h1') !== null && document.title !== ''");
        await axe(path);
      }
      await page.goto(`${baseURL}/login`);
      // Hydrated (React's own keys on the form), so the press is the form's, not a plain submit.
      await waitFor(
        page,
        "Object.keys(document.querySelector('form[aria-label=\"Sign in\"]') ?? {}).some((k) => k.startsWith('__react'))",
      );
      await page.run(
        `(email, password) => {
          const set = (name, value) => {
            const input = document.querySelector("input[name=" + name + "]");
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(input, value);
            input.dispatchEvent(new Event("input", { bubbles: true }));
          };
          set("email", email);
          set("password", password);
          [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Sign in").click();
        }`,
        email,
        password,
      );
      // After a client-side navigation the page's <title> lands in its own commit, after the
      // content: wait for it, so axe judges the page and not the moment between two titles.
      await waitFor(
        page,
        "location.pathname === '/dashboard' && document.querySelector('main h1') !== null && document.title.startsWith('Dashboard')",
        30_000,
      );
      await axe("/dashboard");
    });
  });
}

/** Polls an expression in the page (each a short call: a navigation may end the page's script). */
async function waitFor(page: EnginePage, expression: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await page.run<boolean>(`() => Boolean(${expression})`).catch(() => false);
    if (ok) return;
    if (Date.now() > until) {
      // Where the page was, for the failure's report (the drivers here keep no snapshot).
      const seen = await page
        .run<string>(
          "() => [location.pathname, document.title, document.querySelector('[role=alert]')?.textContent ?? ''].join(' | ')",
        )
        .catch((err: unknown) => `unreadable: ${err}`);
      throw new Error(`${page.version}: not true after ${timeoutMs} ms: ${expression} (page: ${seen})`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

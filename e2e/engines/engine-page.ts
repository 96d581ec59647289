import { type ChildProcess, spawn } from "node:child_process";
import { chromium } from "@playwright/test";
import { freePort } from "../../test/server-process";

// One page in one of the three engines a phone has, driven the way each can be here: Debian's
// Chromium through Playwright, Firefox ESR over WebDriver BiDi (puppeteer-core), WebKitGTK's
// MiniBrowser through WebKitWebDriver (W3C WebDriver, under Xvfb when there is no display).
// Playwright's own Firefox and WebKit builds cannot be had here (docs/sdk.md, "Engines").

export const ENGINES = ["chromium", "firefox", "webkit"] as const;

/** The engines a command line names, each after `--engine`; throws on one not in ENGINES. */
export function enginesFromArgs(args: string[]): Engine[] {
  const named = args.flatMap((a, i) => (args[i - 1] === "--engine" ? [a] : []));
  if (named.some((e) => !ENGINES.includes(e as Engine))) throw new Error(`--engine is one of ${ENGINES.join(", ")}`);
  return named as Engine[];
}
export type Engine = (typeof ENGINES)[number];

export type EnginePage = {
  version: string;
  goto(url: string): Promise<void>;
  /** Runs `fn` (an async function's source) in the page with `args`; answers its JSON result. */
  run<T>(fn: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
};

/** The expression that calls `fn` with `args` (JSON values), for the drivers that evaluate one. */
const callExpression = (fn: string, args: unknown[]) => `(${fn})(...${JSON.stringify(args)})`;

const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

export function openEngine(engine: Engine): Promise<EnginePage> {
  if (engine === "firefox") return openFirefox();
  if (engine === "webkit") return openWebKit();
  return openChromium();
}

async function openChromium(): Promise<EnginePage> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  const page = await browser.newPage();
  return {
    version: `Chromium ${browser.version()}`,
    goto: async (url) => void (await page.goto(url)),
    run: (fn, ...args) => page.evaluate(callExpression(fn, args)),
    close: () => browser.close(),
  };
}

async function openFirefox(): Promise<EnginePage> {
  const puppeteer = (await import("puppeteer-core")).default;
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: "/usr/bin/firefox-esr",
    headless: true,
    protocolTimeout: 300_000,
  });
  const page = await browser.newPage();
  return {
    version: (await browser.version()).replace(/^firefox\//i, "Firefox ESR "),
    goto: async (url) => void (await page.goto(url)),
    run: (fn, ...args) => page.evaluate(callExpression(fn, args)) as never,
    close: () => browser.close(),
  };
}

async function openWebKit(): Promise<EnginePage> {
  const children: ChildProcess[] = [];
  let display = process.env.DISPLAY;
  if (!display) {
    display = `:${90 + Math.floor(Math.random() * 400)}`;
    children.push(spawn("Xvfb", [display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"], { stdio: "ignore" }));
    await new Promise((r) => setTimeout(r, 500));
  }
  const port = await freePort();
  const driver = spawn("WebKitWebDriver", [`--port=${port}`], {
    stdio: "ignore",
    env: { ...process.env, DISPLAY: display },
  });
  children.push(driver);
  const base = `http://127.0.0.1:${port}`;
  const call = async (method: string, path: string, body?: unknown) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(base + path, {
          method,
          headers: { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = (await res.json()) as { value: { error?: string; message?: string } & Record<string, unknown> };
        if (json.value?.error) throw new Error(`WebDriver ${path}: ${json.value.error}: ${json.value.message}`);
        return json.value;
      } catch (err) {
        // The driver takes a moment to listen.
        if (attempt < 50 && (err as Error).message.includes("fetch failed"))
          await new Promise((r) => setTimeout(r, 100));
        else throw err;
      }
    }
  };
  const session = (await call("POST", "/session", {
    capabilities: { alwaysMatch: { "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] } } },
  })) as { sessionId: string; capabilities: { browserVersion: string } };
  const s = `/session/${session.sessionId}`;
  await call("POST", `${s}/timeouts`, { script: 300_000, pageLoad: 60_000 });
  return {
    version: `WebKitGTK ${session.capabilities.browserVersion}`,
    goto: async (url) => void (await call("POST", `${s}/url`, { url })),
    // The answer crosses as one JSON string: WebKitWebDriver refuses some values' own serialization.
    run: async (fn, ...args) =>
      JSON.parse(
        (await call("POST", `${s}/execute/async`, {
          script: `const done = arguments[arguments.length - 1];
          Promise.resolve((${fn})(...Array.from(arguments).slice(0, -1)))
            .then((r) => done(JSON.stringify(r ?? null)), (e) => done(JSON.stringify({ error: String(e) })));`,
          args,
        })) as unknown as string,
      ),
    close: async () => {
      await call("DELETE", s).catch(() => undefined);
      for (const child of children.reverse()) child.kill();
    },
  };
}

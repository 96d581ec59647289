// npm run bench:scan-element: what <vitals-scan> costs a page before anyone presses Start.
// Its bundle (public/sdk/vitals-scan.js and the chunks it imports at once; npm run build:web
// first), raw, gzip and brotli; and its first paint: a plain page with the one module script and
// the one tag, served from a local static server, opened in Debian's Chromium (a fresh context
// each time, so nothing is cached), timed from navigation to the frame after the element's
// Start button is rendered; also with the CPU slowed 4x (a phone's pace, CDP throttling).
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { loadavg } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const sdk = path.resolve(import.meta.dirname, "..", "..", "public", "sdk");

/** The entry and every chunk it imports statically (what loads before the element can paint). */
function staticGraph(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const code = readFileSync(file, "utf8");
  // esbuild's static imports: `import{…}from"./chunks/x.js"` (dynamic import("…") is left out).
  const deps = [...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^"'()]*?from\s*)?["']([^"']+)["']/g)].map((m) =>
    path.resolve(path.dirname(file), m[1]!),
  );
  return [file, ...deps.flatMap((d) => staticGraph(d, seen))];
}

function bundleSize() {
  const files = staticGraph(path.join(sdk, "vitals-scan.js"));
  const all = Buffer.concat(files.map((f) => readFileSync(f)));
  const each = files.map((f) => `${path.relative(sdk, f)} ${(readFileSync(f).length / 1024).toFixed(1)} KB`);
  return {
    files: each,
    raw: all.length,
    gzip: gzipSync(all, { level: 9 }).length,
    brotli: brotliCompressSync(all).length,
  };
}

const PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>bench</title>
<script type="module" src="/sdk/vitals-scan.js"></script>
<vitals-scan token-url="/token"></vitals-scan>`;

/** ms from navigation start to the frame after the element's Start button exists. */
const PAINTED = `new Promise((resolve) => {
  const painted = () => {
    const start = document.querySelector("vitals-scan")?.shadowRoot?.querySelector("button.primary");
    requestAnimationFrame(start ? () => resolve(performance.now()) : painted);
  };
  painted();
})`;

/** The same page without the element: the browser's own cost of a first frame, to subtract. */
const BARE = `new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())))`;

const PAGE_BARE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>bench</title><p>No element.</p>`;

async function firstPaint(throttle: number, script = PAINTED): Promise<number[]> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/") return void res.writeHead(200, { "Content-Type": "text/html" }).end(PAGE);
    if (url.pathname === "/bare") return void res.writeHead(200, { "Content-Type": "text/html" }).end(PAGE_BARE);
    const file = path.join(sdk, path.normalize(url.pathname.replace(/^\/sdk\//, "")));
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      return void res.writeHead(404).end();
    }
    res.writeHead(200, { "Content-Type": "text/javascript" }).end(body);
  }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as { port: number };
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  const times: number[] = [];
  try {
    for (let i = 0; i <= ROUNDS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
      await page.goto(`http://127.0.0.1:${port}/${script === BARE ? "bare" : ""}`, { waitUntil: "commit" });
      // A string, not a function: tsx's name helpers do not exist in the page.
      const ms = (await page.evaluate(script)) as number;
      if (i > 0) times.push(ms); // the first round warms the browser up
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return times;
}

const at = (xs: number[], q: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const size = bundleSize();
console.log(
  `<vitals-scan> bundle (${size.files.join(" + ")}): ${kb(size.raw)} minified, ${kb(size.gzip)} gzip, ${kb(size.brotli)} brotli`,
);
console.log("  (a camera scan then loads public/sdk/face-worker.js and the face model; a file, the MP4 reader chunk)");
for (const throttle of [1, 4]) {
  const t = await firstPaint(throttle);
  const bare = await firstPaint(throttle, BARE);
  console.log(
    `First paint of the element, CPU ${throttle}x slowed, ${ROUNDS} loads (local server, no cache): median ${at(t, 0.5).toFixed(0)} ms, p90 ${at(t, 0.9).toFixed(0)} ms, max ${Math.max(...t).toFixed(0)} ms; the page without it: median ${at(bare, 0.5).toFixed(0)} ms`,
  );
}
console.log(`Node ${process.version}, Chromium headless, load average ${loadavg()[0]!.toFixed(1)}`);

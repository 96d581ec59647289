// The baseline of `npm run bench:api`: a minimal Next.js app (one route handler answering JSON),
// built with this repository's next and served the way server/http-server.ts serves the product.
// Generated under .bench/ (git-ignored) so it resolves the same node_modules; never shipped.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { waitForHealth } from "../../test/server-process";

const ROUTE = `export const dynamic = "force-dynamic";
export function GET() {
  return Response.json({ status: "ok" });
}
`;

const SERVER = `import { createServer } from "node:http";
import next from "next";
const port = Number(process.env.PORT);
const app = next({ dev: false, hostname: "127.0.0.1", port, dir: import.meta.dirname });
await app.prepare();
const handle = app.getRequestHandler();
createServer((req, res) => void handle(req, res)).listen(port, "127.0.0.1", () => console.log("ready"));
`;

export const BARE_PATH = "/bare";

/** Builds the bare app once per next version; returns its directory. */
export function buildBareApp(): string {
  const version = JSON.parse(readFileSync("node_modules/next/package.json", "utf8")).version as string;
  const dir = path.resolve(`.bench/bare-next-${version}`);
  if (existsSync(path.join(dir, ".next/BUILD_ID"))) return dir;
  mkdirSync(path.join(dir, "app/bare"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "bare-next", private: true, type: "module" }));
  writeFileSync(path.join(dir, "next.config.mjs"), "export default { poweredByHeader: false };\n");
  writeFileSync(path.join(dir, "app/bare/route.js"), ROUTE);
  writeFileSync(path.join(dir, "server.mjs"), SERVER);
  console.log(`Building the bare Next.js ${version} app in ${dir} ...`);
  execFileSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], {
    cwd: dir,
    stdio: "ignore",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return dir;
}

export async function startBareServer(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), NODE_ENV: "production" },
    stdio: "ignore",
  });
  await waitForHealth(
    child,
    `http://127.0.0.1:${port}${BARE_PATH}`,
    30_000,
    () => "the bare Next.js app did not start",
  );
  return child;
}

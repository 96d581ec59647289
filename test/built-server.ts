import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { startServerProcess } from "@/test/server-process";

/**
 * The production build behind the real HTTP server (npm start's script) as its own process, on
 * the test database, with a data directory of its own (`dataDir`, uploads in `dataDir/uploads`).
 */
export async function startBuiltServer(
  name: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ server: ChildProcess; base: string; dataDir: string }> {
  if (!existsSync(".next/BUILD_ID"))
    throw new Error("The production build is missing: run `npm run build` before this test");
  const dataDir = `/tmp/vitals-${name}-test-${process.pid}`;
  const server = await startServerProcess(
    { DATABASE_URL: process.env.DATABASE_URL!, DATA_DIR: dataDir, STORAGE_DIR: `${dataDir}/uploads`, ...env },
    port,
  );
  return { server, base: `http://127.0.0.1:${port}`, dataDir };
}

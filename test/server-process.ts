import { spawn, type ChildProcess } from "node:child_process";
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

/** A port nothing listens on now: benchmarks of several engineers share this machine. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the production build (npm start's script) as its own process and waits for /health. */
export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/start.ts"], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? "silent",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const logFile = `/tmp/vitals-server-${port}.log`;
  const collect = (d: Buffer) => {
    output += d;
    appendFileSync(logFile, d);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  child.on("exit", (code, signal) => appendFileSync(logFile, `\nserver exited: code ${code} signal ${signal}\n`));
  await waitForHealth(child, `http://127.0.0.1:${port}/health`, 60_000, () => `server did not start: ${output}`);
  return child;
}

/**
 * Polls `url` until it answers 2xx; kills `child` and throws `why()` if it exits first or
 * `timeoutMs` passes (the servers the tests and benchmarks start as their own processes).
 */
export async function waitForHealth(
  child: ChildProcess,
  url: string,
  timeoutMs: number,
  why: () => string,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${why()} (exited with ${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(why());
}

/** Resident memory of a process, in MiB (Linux). */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"))!;
  return Number(line.replace(/\D+/g, "")) / 1024;
}

/** User + system CPU time a process has used so far, in ms (Linux, 100 ticks a second). */
/**
 * CPU time (ms) of every process with this command name (PostgreSQL's backends, redis-server),
 * with that of their ended children (a PostgreSQL backend that exits is counted in its parent).
 */
export function cpuMsOf(command: string): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      if (name !== command) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
    } catch {
      // the process ended while being read
    }
  }
  return total;
}

export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

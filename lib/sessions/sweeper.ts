import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { sweep } from "./sweep";

const globalForSweeper = globalThis as unknown as { __vitalsSweeper?: NodeJS.Timeout };

/** Runs the sweep on an interval inside the server process. */
export function startSweeper(): void {
  if (globalForSweeper.__vitalsSweeper) return;
  const run = () => sweep().catch((err) => logger.error("sweep failed", { error: (err as Error).message }));
  globalForSweeper.__vitalsSweeper = setInterval(run, env().SWEEP_INTERVAL_SECONDS * 1000);
  globalForSweeper.__vitalsSweeper.unref();
  void run();
}

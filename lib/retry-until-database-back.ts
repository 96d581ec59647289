import { isDependencyDown } from "@/lib/http/unavailable";
import { logger } from "@/lib/logger";

const RETRY_MS = 2_000;
const RETRY_TIMES = 60;

/**
 * Runs `task` in 2 s, and again every 2 s (for 2 minutes at most) while the database is
 * unreachable: for a write a request could not make or undo before it answered.
 */
export function retryUntilDatabaseBack(task: () => Promise<unknown>, attempt = 1): void {
  if (attempt > RETRY_TIMES) return;
  const timer = setTimeout(
    () =>
      void task().catch((err: unknown) => {
        if (isDependencyDown(err)) retryUntilDatabaseBack(task, attempt + 1);
        else logger.error("retried write failed", { error: (err as Error).message });
      }),
    RETRY_MS,
  );
  timer.unref();
}

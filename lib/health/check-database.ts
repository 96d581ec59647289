import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "@/lib/http/unavailable";

const TIMEOUT_MS = 3000;

/** Resolves "up", or throws 503 UNAVAILABLE when the database does not answer in time. */
export async function checkDatabase(): Promise<"up"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS);
  });
  try {
    await Promise.race([db.$queryRaw`SELECT 1`, timeout]);
    return "up";
  } catch {
    throw new ApiError("UNAVAILABLE", "The database is not reachable", UNAVAILABLE_RETRY_AFTER_SECONDS);
  } finally {
    clearTimeout(timer);
  }
}

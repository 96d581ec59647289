import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "@/lib/http/unavailable";
import { within } from "@/lib/within";

const TIMEOUT_MS = 3000;

/** Resolves "up", or throws 503 UNAVAILABLE when the database does not answer in time. */
export async function checkDatabase(): Promise<"up"> {
  try {
    await within(db.$queryRaw`SELECT 1`, TIMEOUT_MS, "the database check");
    return "up";
  } catch {
    throw new ApiError("UNAVAILABLE", "The database is not reachable", UNAVAILABLE_RETRY_AFTER_SECONDS);
  }
}

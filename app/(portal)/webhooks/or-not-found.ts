import { notFound } from "next/navigation";
import { ApiError } from "@/lib/http/errors";

/** Another account's endpoint or delivery (the lib's 404) is the page's 404, as if it did not exist. */
export async function orNotFound<T>(found: Promise<T>): Promise<T> {
  try {
    return await found;
  } catch (err) {
    if (err instanceof ApiError && err.code === "NOT_FOUND") notFound();
    throw err;
  }
}

import { z } from "zod";
import { isUuid } from "@/lib/uuid";
import { referenceFields } from "./reference";

/**
 * A whole number in the documented range, one message for every way out of it: the range is
 * checked before "whole", whose own bound (the largest safe integer) would be named otherwise.
 */
function wholeInRange(field: string, min: number, max: number) {
  const message = `${field} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).min(min, message).max(max, message).int(message);
}

export const demographicsSchema = z.strictObject({
  age: wholeInRange("age", 1, 120).optional(),
  sex: z.enum(["M", "F", "X"]).optional(),
  fitzpatrick: wholeInRange("fitzpatrick", 1, 6).optional(),
});
export type Demographics = z.infer<typeof demographicsSchema>;

// Bodies are strict: any other field is 400 INVALID_REQUEST (docs/api.md, "Errors"), so a
// misspelt `demographic` is refused instead of starting a session without it.

/** Body of POST /sdk/session/start: optional, with optional demographics and reference. */
export const startSessionBody = z
  .strictObject({ demographics: demographicsSchema.optional(), ...referenceFields })
  .optional()
  .transform((b) => b ?? {});
export type StartSessionBody = z.output<typeof startSessionBody>;

export const uploadCompleteBody = z.strictObject({
  session_id: z
    .string({
      error: (issue) =>
        issue.input === undefined ? "session_id is required" : "session_id must be a string (a session's UUID)",
    })
    .min(1, "session_id is required"),
});

/** A session id that cannot be a UUID cannot exist (404, never a database error). */
export const isSessionId = isUuid;

/** A UUID in either case names one session (docs/api.md, "Request paths"); it is kept and answered in lower case. */
export const canonicalSessionId = (id: string) => id.toLowerCase();

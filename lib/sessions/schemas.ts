import { z } from "zod";
import { isUuid } from "@/lib/uuid";

export const demographicsSchema = z.strictObject({
  age: z.number().int().min(1).max(120).optional(),
  sex: z.enum(["M", "F", "X"]).optional(),
  fitzpatrick: z.number().int().min(1).max(6).optional(),
});
export type Demographics = z.infer<typeof demographicsSchema>;

// Bodies are strict: any other field is 400 INVALID_REQUEST (docs/api.md, "Errors"), so a
// misspelt `demographic` is refused instead of starting a session without it.

/** Body of POST /sdk/session/start: optional, with optional demographics. */
export const startSessionBody = z
  .strictObject({ demographics: demographicsSchema.optional() })
  .optional()
  .transform((b) => b ?? {});

export const uploadCompleteBody = z.strictObject({
  session_id: z.string({ error: "session_id is required" }).min(1, "session_id is required"),
});

/** A session id that cannot be a UUID cannot exist (404, never a database error). */
export const isSessionId = isUuid;

/** A UUID in either case names one session (docs/api.md, "Request paths"); it is kept and answered in lower case. */
export const canonicalSessionId = (id: string) => id.toLowerCase();

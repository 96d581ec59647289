import { z } from "zod";

export const demographicsSchema = z.strictObject({
  age: z.number().int().min(1).max(120).optional(),
  sex: z.enum(["M", "F", "X"]).optional(),
  fitzpatrick: z.number().int().min(1).max(6).optional(),
});
export type Demographics = z.infer<typeof demographicsSchema>;

/** Body of POST /sdk/session/start: optional, with optional demographics. */
export const startSessionBody = z
  .object({ demographics: demographicsSchema.optional() })
  .optional()
  .transform((b) => b ?? {});

export const uploadCompleteBody = z.object({
  session_id: z.string({ error: "session_id is required" }).min(1, "session_id is required"),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session id that cannot be a UUID cannot exist (404, never a database error). */
export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

import { z } from "zod";

// What the support console's forms send. Every staff action carries a short reason, kept in its
// audit row, so the account's timeline says why as well as what.

// Line breaks and tabs are fine in typed text; a NUL (PostgreSQL stores none) or a lone
// surrogate (no UTF-8 form) is refused with a message instead of failing at the database.
const storableText = (text: z.ZodString) =>
  text.refine(
    (t) => !t.includes("\0") && !/\p{Cs}/u.test(t),
    "Remove the invisible characters (NUL or broken Unicode) from the text",
  );

export const reason = storableText(
  z
    .string()
    .trim()
    .min(3, "Give a short reason (at least 3 characters)")
    .max(500, "Keep the reason under 500 characters"),
);

const id = z.uuid("Unknown account");

export const accountActionBody = z.object({
  developerId: id,
  action: z.enum(["approve", "suspend", "reinstate", "resend_verification", "password_reset"]),
  reason,
});

export const planChangeBody = z.object({ developerId: id, plan: z.enum(["starter", "pro", "enterprise"]), reason });

export const twoFactorRemoveBody = z.object({ developerId: id, reason });

export const keyRevokeBody = z.object({ developerId: id, keyId: z.uuid("Unknown key"), reason });

export const noteBody = z.object({
  developerId: id,
  body: storableText(z.string().trim().min(1, "Write the note").max(2000, "Keep the note under 2,000 characters")),
});

export const QUEUES = ["approval", "newest", "quota", "failing", "suspended"] as const;
export type QueueName = (typeof QUEUES)[number];

/** The "failing" queue: accounts with at least this many answers >= 400 in the last 24 hours. */
export const FAILED_REQUESTS_THRESHOLD = 20;

export const queueQuery = z.object({
  queue: z.enum(QUEUES).catch("approval"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export const pageQuery = z.coerce.number().int().min(1).max(10_000).catch(1);

export type AccountActionInput = z.infer<typeof accountActionBody>;

/** Suspend or reinstate a team organization (docs/support.md, "Organizations"). */
export const organizationActionBody = z.object({
  organizationId: id,
  action: z.enum(["suspend", "reinstate"]),
  reason,
});

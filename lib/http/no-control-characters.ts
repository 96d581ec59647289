import type { z } from "zod";

/**
 * Refuses text with control characters (they break mails and logs, and PostgreSQL takes no
 * NUL) or with a lone UTF-16 surrogate (JSON's "\ud800" escape: it has no UTF-8 form, so it
 * would be stored as U+FFFD, not as sent).
 */
export const noControlCharacters = (text: z.ZodString) =>
  text
    .regex(/^[^\p{Cc}]*$/u, "must not contain control characters")
    .regex(/^[^\p{Cs}]*$/u, "must not contain an unpaired surrogate (text that is not valid Unicode)");

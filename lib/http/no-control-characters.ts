import type { z } from "zod";

/** Refuses text with control characters: they break mails and logs, and PostgreSQL takes no NUL. */
export const noControlCharacters = (text: z.ZodString) =>
  text.regex(/^[^\p{Cc}]*$/u, "must not contain control characters");

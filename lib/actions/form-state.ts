import { ZodError, type ZodType } from "zod";
import { ApiError } from "@/lib/http/errors";

/** What a portal server action answers a form with. */
export type FormState<T = undefined> = {
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  data?: T;
};

export const IDLE: FormState<never> = { ok: false };

/** A refused or failed action: always a message to show. */
export type ActionFailure = FormState<never> & { ok: false; message: string };

function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** First message per top-level field of a failed zod parse. */
export function issuesByField(err: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= sentence(issue.message);
  }
  return out;
}

/** Client-side check with the same schema the API uses: field errors, or null when valid. */
export function validate(schema: ZodType, values: unknown): Record<string, string> | null {
  const parsed = schema.safeParse(values);
  return parsed.success ? null : issuesByField(parsed.error);
}

/** Turns anything an action threw into a message the form can show, never internals. */
export function failure(err: unknown): ActionFailure {
  if (err instanceof ApiError) return { ok: false, message: err.message };
  if (err instanceof ZodError)
    return { ok: false, message: "Please correct the highlighted fields.", fieldErrors: issuesByField(err) };
  console.error("portal action failed", err);
  return { ok: false, message: "Something went wrong on our side. Please try again in a moment." };
}

/** FormData as a plain object of strings, empty optional fields dropped. */
export function formValues(form: FormData, optional: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    // React's own hidden fields for progressively enhanced server actions start with "$ACTION".
    if (typeof value !== "string" || key.startsWith("$")) continue;
    if (optional.includes(key) && value.trim() === "") continue;
    out[key] = value;
  }
  return out;
}

import { z } from "zod";
import { noControlCharacters } from "@/lib/http/no-control-characters";

// Request bodies of the developer and public endpoints (docs/api.md), shared by the
// API route handlers and the portal's forms. No server-only imports here: the portal may use
// these in the browser. The common-password check lives in ./password-policy (server side).
// Bodies are strict: a field the endpoint does not list is 400, never silently dropped
// (docs/api.md, "Errors"); forgot-password alone answers 202 to any body.

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

// Addresses are compared lower-cased and trimmed, so "A@x.io" and "a@x.io " are one account.
export const emailField = z.string().trim().toLowerCase().max(254).pipe(z.email("must be an e-mail address"));

export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

// Names shown to people: no control characters (they break mails and logs).
export const displayText = (max: number) =>
  noControlCharacters(z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`));

const companyField = z.union([displayText(100), z.literal(""), z.null()]).transform((v) => (v === "" ? null : v));

export const signupBody = z.strictObject({
  email: emailField,
  password: newPasswordField,
  name: displayText(100),
  company: companyField.optional(),
});

// Login does not apply the new-password rules: an old password must still be accepted.
export const loginBody = z.strictObject({
  email: emailField,
  password: z.string().min(1, "is required").max(1024),
  /** The authenticator code or a recovery code, for accounts with two-factor sign-in. */
  totp: z.string().trim().max(32).optional(),
  /** The organization the ID token acts for (docs/teams.md); the account's personal one when absent. */
  organization_id: z.uuid().optional(),
});

export const forgotPasswordBody = z.object({ email: emailField });

export const resetPasswordBody = z.strictObject({
  token: z.string().min(1, "is required").max(200),
  password: newPasswordField,
});

export const verifyQuery = z.object({ token: z.string().min(1, "is required").max(200) });

export const profilePatchBody = z
  .object({ name: displayText(100).optional(), company: companyField.optional() })
  .strict()
  .refine((p) => p.name !== undefined || p.company !== undefined, "name or company is required");

/** How far ahead a key's `expires_at` may lie (docs/api.md, developer endpoints); checked by createKey. */
export const MAX_KEY_LIFETIME_DAYS = 3650;

export const createKeyBody = z.strictObject({
  name: displayText(64),
  environment: z.enum(["test", "live"]),
  expires_at: z
    .number()
    .int()
    .positive()
    .describe(`Unix seconds, in the future and at most ${MAX_KEY_LIFETIME_DAYS} days ahead`)
    .optional(),
});

// How long a rolled key's replaced secret keeps working (docs/api.md, "Rolling a key").
export const GRACE_PERIODS = { none: 0, "1h": 3600, "24h": 86_400 } as const;
export const rollKeyBody = z.strictObject({ grace_period: z.enum(["none", "1h", "24h"]) });

export const checkoutBody = z.strictObject({ plan: z.enum(["pro", "enterprise"]) });

/** For endpoints that take no body: none, or `{}`; any field is unknown (400). */
export const noBody = z.strictObject({}).optional();

export type SignupInput = z.infer<typeof signupBody>;
export type LoginInput = z.infer<typeof loginBody>;
export type ProfilePatch = z.infer<typeof profilePatchBody>;
export type CreateKeyInput = z.infer<typeof createKeyBody>;
export type RollKeyInput = z.infer<typeof rollKeyBody>;

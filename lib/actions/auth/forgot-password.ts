"use server";

import { z } from "zod";
import { forgotPasswordBody } from "@/lib/accounts/schemas";
import { requestPasswordReset } from "@/lib/accounts/password-reset";
import { formAction } from "@/lib/actions/server-action";

// Any text is taken, as the API's 202 takes any body (docs/api.md): a malformed address gets
// the same answer as an unknown one and sends nothing.
const anyAddress = z.object({ email: z.string().trim().max(254).catch("") });

export const forgotPasswordAction = formAction("anyone", anyAddress, async ({ email }, { ip }) => {
  const valid = forgotPasswordBody.safeParse({ email });
  if (valid.success) await requestPasswordReset(valid.data.email, ip);
  // The same answer whether or not the address has an account, or is one at all.
  return {
    ok: true,
    message: `If ${email || "this address"} has an account, a reset link is on its way. It works for one hour.`,
  };
});

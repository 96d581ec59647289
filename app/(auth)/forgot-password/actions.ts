"use server";

import { forgotPasswordBody } from "@/lib/accounts/schemas";
import { requestPasswordReset } from "@/lib/accounts/password-reset";
import { formAction } from "@/app/server-action";

export const forgotPasswordAction = formAction("anyone", forgotPasswordBody, async ({ email }, { ip }) => {
  await requestPasswordReset(email, ip);
  // The same answer whether or not the address has an account.
  return { ok: true, message: `If ${email} has an account, a reset link is on its way. It works for one hour.` };
});

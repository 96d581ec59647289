"use server";

import { redirect } from "next/navigation";
import { resetPasswordBody } from "@/lib/accounts/schemas";
import { resetPassword } from "@/lib/accounts/password-reset";
import { formAction } from "@/lib/actions/server-action";

export const resetPasswordAction = formAction("anyone", resetPasswordBody, async ({ token, password }, { ip }) => {
  await resetPassword(token, password, ip);
  redirect("/login?reset=1");
});

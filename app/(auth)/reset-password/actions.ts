"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { resetPasswordBody } from "@/lib/accounts/schemas";
import { resetPassword } from "@/lib/accounts/password-reset";
import { ipFromHeaders } from "@/lib/auth/request-ip";
import { failure, formValues, type FormState } from "@/components/forms/form-state";

export async function resetPasswordAction(_prev: FormState, form: FormData): Promise<FormState> {
  try {
    const { token, password } = resetPasswordBody.parse(formValues(form));
    await resetPassword(token, password, ipFromHeaders(await headers()));
  } catch (err) {
    return failure(err);
  }
  redirect("/login?reset=1");
}

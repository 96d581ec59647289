"use server";

import { headers } from "next/headers";
import { requestPasswordReset } from "@/lib/accounts/password-reset";
import { ipFromHeaders } from "@/lib/auth/request-ip";
import { failure, formValues, type FormState } from "@/components/forms/form-state";

export async function forgotPasswordAction(_prev: FormState, form: FormData): Promise<FormState> {
  try {
    const values = formValues(form);
    await requestPasswordReset(values, ipFromHeaders(await headers()));
    // The same answer whether or not the address has an account, or is one at all (docs/api.md).
    const email = (values.email ?? "").trim().slice(0, 254) || "this address";
    return { ok: true, message: `If ${email} has an account, a reset link is on its way. It works for one hour.` };
  } catch (err) {
    return failure(err);
  }
}

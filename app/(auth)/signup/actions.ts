"use server";

import { headers } from "next/headers";
import { signupBody } from "@/lib/accounts/schemas";
import { signUp } from "@/lib/accounts/sign-up";
import { ipFromHeaders } from "@/lib/auth/request-ip";
import { failure, formValues, type FormState } from "@/components/forms/form-state";

export async function signUpAction(_prev: FormState<{ email: string }>, form: FormData): Promise<FormState<{ email: string }>> {
  try {
    const input = signupBody.parse(formValues(form, ["company"]));
    const result = await signUp(input, ipFromHeaders(await headers()));
    return { ok: true, message: result.message, data: { email: result.email } };
  } catch (err) {
    return failure(err);
  }
}

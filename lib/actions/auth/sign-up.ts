"use server";

import { signupBody } from "@/lib/accounts/schemas";
import { signUp } from "@/lib/accounts/sign-up";
import { formAction } from "@/lib/actions/server-action";

export const signUpAction = formAction(
  "anyone",
  signupBody,
  async (input, { ip }) => {
    const result = await signUp(input, ip);
    return { ok: true, message: result.message, data: { email: result.email } };
  },
  { optional: ["company"] },
);

"use server";

import { headers } from "next/headers";
import { confirmTotpEnrolment, startTotpEnrolment, type TotpEnrolment } from "@/lib/accounts/totp";
import { currentDeveloper } from "@/lib/auth/current-developer";
import { ipFromHeaders } from "@/lib/auth/request-ip";
import { failure, type FormState } from "@/components/forms/form-state";

const SIGNED_OUT: FormState<never> = { ok: false, message: "Your session has ended. Sign in again." };

export async function startTotpAction(): Promise<FormState<TotpEnrolment>> {
  const developer = await currentDeveloper();
  if (!developer) return SIGNED_OUT;
  try {
    return { ok: true, data: await startTotpEnrolment(developer) };
  } catch (err) {
    return failure(err);
  }
}

export async function confirmTotpAction(code: string): Promise<FormState<{ recovery_codes: string[] }>> {
  const developer = await currentDeveloper();
  if (!developer) return SIGNED_OUT;
  try {
    // No revalidatePath: re-rendering the page now would replace the recovery codes, shown once.
    return { ok: true, data: await confirmTotpEnrolment(developer.id, code, ipFromHeaders(await headers())) };
  } catch (err) {
    return failure(err);
  }
}

"use server";

import { revalidatePath } from "next/cache";
import { failure, formValues, type FormState } from "@/components/forms/form-state";
import { changeAccountStatus, changePlan, revokeKeyAsStaff } from "@/lib/support/staff-actions";
import { addNote } from "@/lib/support/notes";
import type { Staff } from "@/lib/support/target";
import { staffActor } from "../require-staff";

// The support console's server actions: staff only (anyone else gets a 404, like the pages),
// each a thin call into lib/support, which validates, audits and mails.

type Input = Record<string, string> & { developerId: string };

async function run(form: FormData, act: (staff: Staff, input: Input) => Promise<{ ok: true; message: string }>): Promise<FormState> {
  const staff = await staffActor();
  const input = formValues(form) as Input;
  try {
    const result = await act(staff, input);
    revalidatePath(`/support/accounts/${input.developerId}`);
    return result;
  } catch (err) {
    return failure(err);
  }
}

/** Approve, suspend, reinstate, resend the verification mail, or start a password reset. */
export async function accountAction(_prev: FormState, form: FormData): Promise<FormState> {
  return run(form, (staff, input) => changeAccountStatus(staff, { developerId: input.developerId, action: input.action ?? "", reason: input.reason ?? "" }));
}

export async function planAction(_prev: FormState, form: FormData): Promise<FormState> {
  return run(form, (staff, input) => changePlan(staff, { developerId: input.developerId, plan: input.plan ?? "", reason: input.reason ?? "" }));
}

export async function revokeKeyAction(_prev: FormState, form: FormData): Promise<FormState> {
  return run(form, (staff, input) => revokeKeyAsStaff(staff, { developerId: input.developerId, keyId: input.keyId ?? "", reason: input.reason ?? "" }));
}

export async function noteAction(_prev: FormState, form: FormData): Promise<FormState> {
  return run(form, (staff, input) => addNote(staff, { developerId: input.developerId, body: input.body ?? "" }));
}

"use server";

import { revalidatePath } from "next/cache";
import { formValues, type FormState } from "@/lib/actions/form-state";
import {
  changeAccountStatus,
  changeOrganizationStatus,
  changePlan,
  removeTwoFactorAsStaff,
  revokeKeyAsStaff,
} from "@/lib/support/staff-actions";
import { addNote } from "@/lib/support/notes";
import type { Staff } from "@/lib/support/target";
import { serverAction } from "@/lib/actions/server-action";

// The support console's server actions: staff only (anyone else gets a 404, like the pages),
// each a thin call into lib/support, which validates, audits and mails.

type Input = Record<string, string> & { developerId: string };

function staffAction(act: (staff: Staff, input: Input) => Promise<{ ok: true; message: string }>) {
  const run = serverAction("staff", async ({ staff }, form: FormData): Promise<FormState> => {
    const input = formValues(form) as Input;
    const result = await act(staff, input);
    revalidatePath(`/support/accounts/${input.developerId}`);
    return result;
  });
  return async (_prev: FormState, form: FormData) => run(form);
}

/** Approve, suspend, reinstate, resend the verification mail, or start a password reset. */
export const accountAction = staffAction((staff, input) =>
  changeAccountStatus(staff, {
    developerId: input.developerId,
    action: input.action ?? "",
    reason: input.reason ?? "",
  }),
);

export const planAction = staffAction((staff, input) =>
  changePlan(staff, { developerId: input.developerId, plan: input.plan ?? "", reason: input.reason ?? "" }),
);

export const revokeKeyAction = staffAction((staff, input) =>
  revokeKeyAsStaff(staff, { developerId: input.developerId, keyId: input.keyId ?? "", reason: input.reason ?? "" }),
);

export const noteAction = staffAction((staff, input) =>
  addNote(staff, { developerId: input.developerId, body: input.body ?? "" }),
);

export const twoFactorAction = staffAction((staff, input) =>
  removeTwoFactorAsStaff(staff, { developerId: input.developerId, reason: input.reason ?? "" }),
);

/** Suspend or reinstate a team organization. */
const runOrganizationAction = serverAction("staff", async ({ staff }, form: FormData): Promise<FormState> => {
  const input = formValues(form);
  const result = await changeOrganizationStatus(staff, {
    organizationId: input.organizationId ?? "",
    action: input.action ?? "",
    reason: input.reason ?? "",
  });
  revalidatePath(`/support/organizations/${input.organizationId}`);
  return result;
});
export const organizationAction = async (_prev: FormState, form: FormData) => runOrganizationAction(form);

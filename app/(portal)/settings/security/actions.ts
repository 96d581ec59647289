"use server";

import { confirmTotpEnrolment, startTotpEnrolment, type TotpEnrolment } from "@/lib/accounts/totp";
import type { FormState } from "@/components/forms/form-state";
import { serverAction } from "@/app/server-action";

export const startTotpAction = serverAction(
  "developer",
  async ({ developer }): Promise<FormState<TotpEnrolment>> => ({
    ok: true,
    data: await startTotpEnrolment(developer),
  }),
);

// No revalidatePath: re-rendering the page now would replace the recovery codes, shown once.
export const confirmTotpAction = serverAction(
  "developer",
  async ({ developer, ip }, code: string): Promise<FormState<{ recovery_codes: string[] }>> => ({
    ok: true,
    data: await confirmTotpEnrolment(developer.id, code, ip),
  }),
);

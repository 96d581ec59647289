"use server";

import { redirect } from "next/navigation";
import { confirmTotpEnrolment, startTotpEnrolment, type TotpEnrolment } from "@/lib/accounts/totp";
import { disableTwoFactor, renewRecoveryCodes } from "@/lib/accounts/two-factor-settings";
import { mailEnrolmentCode, proveEnrolmentCode } from "@/lib/accounts/mailed-code";
import { signOutEverywhere } from "@/lib/accounts/sign-out-everywhere";
import { endOwnPortalSession } from "@/lib/auth/portal-session";
import { revalidatePath } from "next/cache";
import type { FormState } from "@/lib/actions/form-state";
import { serverAction } from "@/lib/actions/server-action";

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
    data: await confirmTotpEnrolment(developer, code, ip, new Date(), developer.portalSession.id),
  }),
);

export const mailCodeAction = serverAction("developer", async ({ developer }): Promise<FormState> => {
  await mailEnrolmentCode(developer);
  return { ok: true, message: `We sent a code to ${developer.email}.` };
});

export const proveCodeAction = serverAction("developer", async ({ developer }, code: string): Promise<FormState> => {
  await proveEnrolmentCode(developer, code);
  return { ok: true };
});

type Proof = { password: string; code: string };

export const disableTotpAction = serverAction(
  "developer",
  async ({ developer, ip }, proof: Proof): Promise<FormState> => {
    await disableTwoFactor(developer, proof, ip);
    return { ok: true, message: "Two-factor sign-in is off." };
  },
);

export const renewRecoveryCodesAction = serverAction(
  "developer",
  async ({ developer, ip }, proof: Proof): Promise<FormState<{ recovery_codes: string[] }>> => ({
    ok: true,
    data: await renewRecoveryCodes(developer, proof, ip),
  }),
);

export const signOutEverywhereAction = serverAction("developer", async ({ developer, ip }): Promise<FormState> => {
  await signOutEverywhere(developer.id, ip);
  redirect("/login");
});

/** Signs out one of the account's other sessions (a browser left signed in elsewhere). */
export const endSessionAction = serverAction(
  "developer",
  async ({ developer }, sessionId: unknown): Promise<FormState> => {
    const ended = await endOwnPortalSession(developer.id, sessionId);
    revalidatePath("/settings/security");
    return ended
      ? { ok: true, message: "That session is signed out." }
      : { ok: false, message: "That session had already ended." };
  },
);

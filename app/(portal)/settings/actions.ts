"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { profilePatchBody } from "@/lib/accounts/schemas";
import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import { updateProfile } from "@/lib/accounts/profile";
import { currentDeveloper } from "@/lib/auth/current-developer";
import { ipFromHeaders } from "@/lib/auth/request-ip";
import { failure, formValues, type FormState } from "@/components/forms/form-state";

export async function updateProfileAction(_prev: FormState, form: FormData): Promise<FormState> {
  const developer = await currentDeveloper();
  if (!developer) return { ok: false, message: "Your session has ended. Sign in again." };
  try {
    assertDeveloperActive(developer);
    const patch = profilePatchBody.parse(formValues(form));
    await updateProfile(developer.id, patch, ipFromHeaders(await headers()));
    revalidatePath("/settings");
    return { ok: true, message: "Profile saved." };
  } catch (err) {
    return failure(err);
  }
}

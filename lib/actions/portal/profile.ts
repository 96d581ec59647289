"use server";

import { revalidatePath } from "next/cache";
import { profilePatchBody } from "@/lib/accounts/schemas";
import { updateProfile } from "@/lib/accounts/profile";
import { formAction } from "@/lib/actions/server-action";

export const updateProfileAction = formAction(
  "active developer",
  profilePatchBody,
  async (patch, { developer, ip }) => {
    await updateProfile(developer.id, patch, ip);
    revalidatePath("/settings");
    return { ok: true, message: "Profile saved." };
  },
);

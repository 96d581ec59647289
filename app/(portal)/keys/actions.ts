"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { createKeyBody, rollKeyBody } from "@/lib/accounts/schemas";
import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import { createKey } from "@/lib/keys/create-key";
import { revokeKey } from "@/lib/keys/revoke-key";
import { rollKey, type RolledKey } from "@/lib/keys/roll-key";
import { currentDeveloper } from "@/lib/auth/current-developer";
import { ipFromHeaders } from "@/lib/auth/request-ip";
import { failure, formValues, type FormState } from "@/components/forms/form-state";
import { keyInput, type CreatedKey } from "@/components/portal/key-input";

const SIGNED_OUT: FormState<never> = { ok: false, message: "Your session has ended. Sign in again." };

export async function createKeyAction(_prev: FormState<CreatedKey>, form: FormData): Promise<FormState<CreatedKey>> {
  const developer = await currentDeveloper();
  if (!developer) return SIGNED_OUT;
  try {
    assertDeveloperActive(developer);
    const input = createKeyBody.parse(keyInput(formValues(form, ["expires_on"])));
    const created = await createKey(developer.id, input, ipFromHeaders(await headers()));
    revalidatePath("/keys");
    revalidatePath("/dashboard");
    return { ok: true, data: created as CreatedKey };
  } catch (err) {
    return failure(err);
  }
}

export async function revokeKeyAction(keyId: string): Promise<FormState> {
  const developer = await currentDeveloper();
  if (!developer) return SIGNED_OUT;
  try {
    assertDeveloperActive(developer);
    await revokeKey(developer.id, keyId, ipFromHeaders(await headers()));
    revalidatePath("/keys");
    revalidatePath("/dashboard");
    return { ok: true };
  } catch (err) {
    return failure(err);
  }
}

export async function rollKeyAction(keyId: string, gracePeriod: string): Promise<FormState<RolledKey>> {
  const developer = await currentDeveloper();
  if (!developer) return SIGNED_OUT;
  try {
    assertDeveloperActive(developer);
    const rolled = await rollKey(developer.id, keyId, rollKeyBody.parse({ grace_period: gracePeriod }), ipFromHeaders(await headers()));
    revalidatePath("/keys");
    return { ok: true, data: rolled };
  } catch (err) {
    return failure(err);
  }
}

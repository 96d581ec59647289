"use server";

import { revalidatePath } from "next/cache";
import { createKeyBody, rollKeyBody } from "@/lib/accounts/schemas";
import { createKey, type CreatedKey } from "@/lib/keys/create-key";
import { revokeKey } from "@/lib/keys/revoke-key";
import { rollKey, type RolledKey } from "@/lib/keys/roll-key";
import type { FormState } from "@/lib/actions/form-state";
import { keyInput } from "@/lib/keys/key-input";
import { formAction, serverAction } from "@/lib/actions/server-action";

export const createKeyAction = formAction(
  "member:keys.write",
  createKeyBody,
  async (input, { actor }): Promise<FormState<CreatedKey>> => {
    const created = await createKey(actor, input);
    revalidatePath("/keys");
    revalidatePath("/dashboard");
    return { ok: true, data: created };
  },
  { optional: ["expires_on"], prepare: keyInput },
);

export const revokeKeyAction = serverAction(
  "member:keys.write",
  async ({ actor }, keyId: string): Promise<FormState> => {
    await revokeKey(actor, keyId);
    revalidatePath("/keys");
    revalidatePath("/dashboard");
    return { ok: true };
  },
);

export const rollKeyAction = serverAction(
  "member:keys.write",
  async ({ actor }, keyId: string, gracePeriod: string): Promise<FormState<RolledKey>> => {
    const rolled = await rollKey(actor, keyId, rollKeyBody.parse({ grace_period: gracePeriod }));
    revalidatePath("/keys");
    return { ok: true, data: rolled };
  },
);

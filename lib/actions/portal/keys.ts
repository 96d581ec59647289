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
  "active developer",
  createKeyBody,
  async (input, { developer, ip }): Promise<FormState<CreatedKey>> => {
    const created = await createKey(developer.id, input, ip);
    revalidatePath("/keys");
    revalidatePath("/dashboard");
    return { ok: true, data: created };
  },
  { optional: ["expires_on"], prepare: keyInput },
);

export const revokeKeyAction = serverAction(
  "active developer",
  async ({ developer, ip }, keyId: string): Promise<FormState> => {
    await revokeKey(developer.id, keyId, ip);
    revalidatePath("/keys");
    revalidatePath("/dashboard");
    return { ok: true };
  },
);

export const rollKeyAction = serverAction(
  "active developer",
  async ({ developer, ip }, keyId: string, gracePeriod: string): Promise<FormState<RolledKey>> => {
    const rolled = await rollKey(developer.id, keyId, rollKeyBody.parse({ grace_period: gracePeriod }), ip);
    revalidatePath("/keys");
    return { ok: true, data: rolled };
  },
);

"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { setDeveloperPlan, setDeveloperStatus } from "@/lib/accounts/operator-actions";
import { currentDeveloper } from "@/lib/auth/current-developer";
import { ipFromHeaders } from "@/lib/auth/request-ip";
import { failure, type FormState } from "@/components/forms/form-state";

const change = z.union([
  z.object({ email: z.string().min(3), field: z.literal("status"), value: z.enum(["pending", "active", "suspended"]) }),
  z.object({ email: z.string().min(3), field: z.literal("plan"), value: z.enum(["starter", "pro", "enterprise"]) }),
]);

/** A staff member changes an account's status or plan (audit-logged with the staff id). */
export async function changeAccountAction(input: { email: string; field: string; value: string }): Promise<FormState> {
  const staff = await currentDeveloper();
  if (!staff || staff.role !== "staff" || staff.status !== "active") return { ok: false, message: "Only active staff can change accounts." };
  try {
    const c = change.parse(input);
    const actor = { actorId: staff.id, actorType: "staff" as const, ip: ipFromHeaders(await headers()) };
    const result = c.field === "status" ? await setDeveloperStatus(c.email, c.value, actor) : await setDeveloperPlan(c.email, c.value, actor);
    revalidatePath("/support");
    return { ok: true, message: result.changed ? `${c.email}: ${c.field} ${result.from} → ${result.to}.` : `${c.email}: ${c.field} was already ${result.to}.` };
  } catch (err) {
    return failure(err);
  }
}

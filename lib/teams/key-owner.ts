import { db } from "@/lib/db";
import type { Organization } from "@/lib/generated/prisma/client";

/**
 * The organization a key or client token acts for, as the SDK's gates read it (status, plan):
 * with, for a personal organization, its account's verification time, which tells "verify your
 * e-mail" from "waiting for approval" (docs/api.md, "Accounts"). A team organization counts as
 * verified from its creation (only verified accounts make one).
 */
export type KeyOwner = Organization & { emailVerifiedAt: Date | null };

/** SQL selecting a KeyOwner's columns from `o` (Organization) LEFT JOIN `a` (its account). */
export const KEY_OWNER_COLUMNS = `o.*, CASE WHEN o.personal THEN a."emailVerifiedAt" ELSE o."createdAt" END AS "emailVerifiedAt"`;

export async function keyOwner(organizationId: string): Promise<KeyOwner | null> {
  const rows = await db.$queryRawUnsafe<KeyOwner[]>(
    `SELECT ${KEY_OWNER_COLUMNS} FROM "Organization" o LEFT JOIN "Developer" a ON a.id = o.id WHERE o.id = $1::uuid`,
    organizationId,
  );
  return rows[0] ?? null;
}

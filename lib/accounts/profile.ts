import { personalOrganization } from "@/lib/teams/personal";
import type { Plan } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db";
import { audit } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import type { ProfilePatch } from "./schemas";
import { unixSeconds } from "@/lib/time";

export const PROFILE_FIELDS = {
  id: true,
  email: true,
  name: true,
  company: true,
  status: true,
  role: true,
  emailVerifiedAt: true,
  createdAt: true,
} as const;

type ProfileRow = {
  id: string;
  email: string;
  name: string;
  company: string | null;
  status: string;
  role: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
};

// The plan shown is the personal organization's (lib/teams/personal.ts).
function toProfile(row: ProfileRow, plan: Plan) {
  const { emailVerifiedAt, createdAt, ...rest } = row;
  return { ...rest, plan, email_verified: emailVerifiedAt !== null, created_at: unixSeconds(createdAt) };
}

export type Profile = ReturnType<typeof toProfile>;

export async function getProfile(developerId: string): Promise<Profile> {
  const row = await db.developer.findUnique({ where: { id: developerId }, select: PROFILE_FIELDS });
  if (!row) throw new ApiError("NOT_FOUND", "Developer account not found");
  return toProfile(row, (await personalOrganization(developerId)).plan);
}

/** Changes name and/or company; the audit row names the changed fields, not their values. */
export async function updateProfile(developerId: string, patch: ProfilePatch, ip: string): Promise<Profile> {
  const data: { name?: string; company?: string | null } = {};
  if (patch.name !== undefined) data.name = patch.name;
  if (patch.company !== undefined) data.company = patch.company;
  return db.$transaction(async (tx) => {
    const row = await tx.developer.update({ where: { id: developerId }, data, select: PROFILE_FIELDS });
    await audit(tx, {
      actorId: developerId,
      actorType: "developer",
      action: "developer.profile_update",
      targetType: "developer",
      targetId: developerId,
      ip,
      details: { fields: Object.keys(data) },
    });
    return toProfile(row, (await personalOrganization(developerId, tx)).plan);
  });
}

import { db } from "@/lib/db";
import { unixSeconds } from "@/lib/time";

export type KeyState = "active" | "expired" | "revoked";

export type ListedKey = {
  id: string;
  name: string;
  environment: "test" | "live";
  prefix: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  /** Set while a rolled key's replaced secret still works (docs/api.md, "Rolling a key"). */
  previous_prefix: string | null;
  previous_valid_until: number | null;
  state: KeyState;
  /** The e-mail of the member who made it: keys stay with the organization (docs/teams.md). */
  created_by: string | null;
};

const seconds = (at: Date | null) => (at ? unixSeconds(at) : null);

/** The developer's keys, newest first, never with the key value or its hash. Revoked wins over expired. */
export async function listKeys(developerId: string, now = new Date()): Promise<ListedKey[]> {
  const rows = await db.apiKey.findMany({
    where: { developerId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      environment: true,
      prefix: true,
      createdAt: true,
      expiresAt: true,
      revokedAt: true,
      lastUsedAt: true,
      previousPrefix: true,
      previousValidUntil: true,
      createdById: true,
    },
  });
  const creatorIds = [...new Set(rows.map((r) => r.createdById).filter((id): id is string => id !== null))];
  const creators = await db.developer.findMany({
    where: { id: { in: creatorIds } },
    select: { id: true, email: true },
  });
  const emailOf = new Map(creators.map((c) => [c.id, c.email]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    environment: r.environment,
    prefix: r.prefix,
    created_at: unixSeconds(r.createdAt),
    expires_at: seconds(r.expiresAt),
    revoked_at: seconds(r.revokedAt),
    last_used_at: seconds(r.lastUsedAt),
    previous_prefix: r.previousValidUntil && r.previousValidUntil > now ? r.previousPrefix : null,
    previous_valid_until: r.previousValidUntil && r.previousValidUntil > now ? seconds(r.previousValidUntil) : null,
    state: r.revokedAt ? "revoked" : r.expiresAt && r.expiresAt <= now ? "expired" : "active",
    created_by: (r.createdById && emailOf.get(r.createdById)) ?? null,
  }));
}

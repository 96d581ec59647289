import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import type { DeveloperStatus, Plan } from "@/lib/generated/prisma/enums";
import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import { MAX_KEY_LIFETIME_DAYS, type CreateKeyInput } from "@/lib/accounts/schemas";
import { unixSeconds } from "@/lib/time";
import { auditKey } from "./audit-key";
import type { MemberActor } from "@/lib/teams/member";
import { generateApiKey } from "./key-format";

export type CreatedKey = {
  id: string;
  name: string;
  environment: "test" | "live";
  prefix: string;
  key: string;
  created_at: number;
  expires_at: number | null;
};

/**
 * A requested expiry (Unix seconds) as a Date: in the future and at most MAX_KEY_LIFETIME_DAYS
 * ahead (docs/api.md). Checked in seconds before any Date is made: a milliseconds value sent by
 * mistake is refused, never stored as a date tens of thousands of years away or an invalid one.
 */
function keyExpiry(seconds: number, now: Date): Date {
  const nowSeconds = now.getTime() / 1000;
  if (seconds <= nowSeconds)
    throw new ApiError("INVALID_REQUEST", "Invalid request: expires_at: must be in the future");
  if (seconds > nowSeconds + MAX_KEY_LIFETIME_DAYS * 86_400)
    throw new ApiError(
      "INVALID_REQUEST",
      `Invalid request: expires_at: must be at most ${MAX_KEY_LIFETIME_DAYS} days ahead (Unix seconds, not milliseconds)`,
    );
  return new Date(seconds * 1000);
}

/**
 * Creates an API key and returns its value, the only time it is ever shown. The plan's cap
 * (keys neither revoked nor expired) is checked and the key inserted in one transaction that
 * holds the developer row locked, so concurrent creations cannot pass the cap together.
 */
export async function createKey(actor: MemberActor, input: CreateKeyInput, now = new Date()): Promise<CreatedKey> {
  const developerId = actor.organizationId;
  const expiresAt = input.expires_at === undefined ? null : keyExpiry(input.expires_at, now);
  const generated = generateApiKey(input.environment);
  return db.$transaction(async (tx) => {
    const [dev] = await tx.$queryRaw<{ plan: Plan; status: DeveloperStatus }[]>`
      SELECT plan, status FROM "Organization" WHERE id = ${developerId}::uuid FOR UPDATE`;
    if (!dev) throw new ApiError("NOT_FOUND", "Organization not found");
    assertDeveloperActive(dev);
    const cap = PLAN_LIMITS[dev.plan].maxKeys;
    const active = await tx.apiKey.count({
      where: { developerId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    });
    if (active >= cap) {
      throw new ApiError(
        "KEY_LIMIT_REACHED",
        `The ${dev.plan} plan allows ${cap} active API keys; revoke one or upgrade the plan`,
      );
    }
    const row = await tx.apiKey.create({
      data: {
        developerId,
        createdById: actor.accountId,
        name: input.name,
        environment: input.environment,
        keyHash: generated.keyHash,
        prefix: generated.prefix,
        expiresAt,
        createdAt: now,
      },
    });
    await auditKey(tx, "api_key.create", row.id, actor, { environment: row.environment, prefix: row.prefix });
    return {
      id: row.id,
      name: row.name,
      environment: row.environment,
      prefix: row.prefix,
      key: generated.key,
      created_at: unixSeconds(row.createdAt),
      expires_at: row.expiresAt ? unixSeconds(row.expiresAt) : null,
    };
  });
}

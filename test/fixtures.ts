import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import type { DeveloperStatus, KeyEnvironment, Plan } from "@/lib/generated/prisma/enums";
import { generateApiKey } from "@/lib/keys/key-format";

// Rows straight in the real database, for tests that start past sign-up.
export async function createDeveloper(
  opts: { status?: DeveloperStatus; plan?: Plan; role?: "developer" | "staff" } = {},
) {
  const developer = await db.developer.create({
    data: {
      email: `dev-${randomUUID()}@example.test`,
      name: "Test Developer",
      passwordHash: "not-a-real-hash",
      status: opts.status ?? "active",
      role: opts.role ?? "developer",
      emailVerifiedAt: opts.status === "pending" ? null : new Date(),
    },
  });
  // Its personal organization (made with the account, same id) holds the plan.
  const plan = opts.plan ?? "starter";
  if (plan !== "starter") await db.organization.update({ where: { id: developer.id }, data: { plan } });
  return { ...developer, plan };
}

export async function createApiKey(
  developerId: string,
  environment: KeyEnvironment = "live",
  opts: { expiresAt?: Date; revokedAt?: Date } = {},
) {
  const generated = generateApiKey(environment);
  const row = await db.apiKey.create({
    data: {
      developerId,
      name: `${environment} key`,
      environment,
      keyHash: generated.keyHash,
      prefix: generated.prefix,
      ...opts,
    },
  });
  return { ...row, key: generated.key };
}

/** A developer with one live and one test key. */
export async function createDeveloperWithKeys(opts: Parameters<typeof createDeveloper>[0] = {}) {
  const developer = await createDeveloper(opts);
  const live = await createApiKey(developer.id, "live");
  const test = await createApiKey(developer.id, "test");
  return { developer, live, test };
}

/** Sets this month's used scans, e.g. to put a developer at its quota. */
export async function setScansThisMonth(developerId: string, scanCount: number, now = new Date()) {
  const month = now.toISOString().slice(0, 7);
  await db.usageMonth.upsert({
    where: { developerId_month: { developerId, month } },
    create: { developerId, month, scanCount, lastScanAt: now },
    update: { scanCount, lastScanAt: now },
  });
}

/** Puts counted requests into a developer's hourly window at the given times (oldest first). */
export async function fillRateWindow(developerId: string, times: Date[]) {
  const { rateLimiter } = await import("@/lib/limits/rate-limiter");
  for (const at of times) await rateLimiter().hit(developerId, 2 ** 31 - 1, at);
}

/** A member acting in its personal organization (same id as the account), as the portal and API pass it. */
export const personalActor = (developerId: string, ip = "127.0.0.1") => ({
  organizationId: developerId,
  accountId: developerId,
  ip,
});

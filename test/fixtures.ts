import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import type { DeveloperStatus, KeyEnvironment, Plan } from "@/lib/generated/prisma/enums";
import { generateApiKey } from "@/lib/keys/key-format";

// Rows straight in the real database, for tests that start past sign-up.
export async function createDeveloper(
  opts: { status?: DeveloperStatus; plan?: Plan; role?: "developer" | "staff" } = {},
) {
  return db.developer.create({
    data: {
      email: `dev-${randomUUID()}@example.test`,
      name: "Test Developer",
      passwordHash: "not-a-real-hash",
      status: opts.status ?? "active",
      plan: opts.plan ?? "starter",
      role: opts.role ?? "developer",
      emailVerifiedAt: opts.status === "pending" ? null : new Date(),
    },
  });
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

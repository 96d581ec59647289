import type { Developer } from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";

// A developer row without its password hash: what every caller outside lib/accounts gets.
export type DeveloperAccount = Omit<Developer, "passwordHash">;

/** Prisma `omit` that keeps the password hash out of every query result that leaves this folder. */
export const WITHOUT_SECRETS = { passwordHash: true } as const;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";
}

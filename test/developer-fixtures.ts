import { db } from "@/lib/db";
import { hashPassword } from "@/lib/accounts/password";
import { issueIdToken } from "@/lib/auth/id-token";
import type { DeveloperStatus, Plan } from "@/lib/generated/prisma/enums";
import { STRONG_PASSWORD, uniqueEmail } from "./developer-helpers";

/** A developer with a real password hash and an ID token, straight in the database. */
export async function developerWithToken(
  opts: { status?: DeveloperStatus; plan?: Plan; verified?: boolean; password?: string } = {},
) {
  const password = opts.password ?? STRONG_PASSWORD;
  const dev = await db.developer.create({
    data: {
      email: uniqueEmail(),
      name: "Grace",
      passwordHash: await hashPassword(password),
      status: opts.status ?? "active",
      emailVerifiedAt: opts.verified === false ? null : new Date(),
    },
  });
  if (opts.plan && opts.plan !== "starter")
    await db.organization.update({ where: { id: dev.id }, data: { plan: opts.plan } });
  const { id_token } = await issueIdToken(dev);
  return { dev, token: id_token, password };
}

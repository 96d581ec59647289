import { createHash, randomBytes } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { EmailTokenPurpose } from "@/lib/generated/prisma/enums";

// Verification and reset tokens: 32 bytes from a CSPRNG, handed out once in a mail link, stored
// only as a SHA-256 hash so a database leak reveals no usable link.
export const TOKEN_LIFETIME_SECONDS: Record<EmailTokenPurpose, number> = {
  verify: 24 * 3600,
  reset: 3600,
};

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

type Tx = Pick<Prisma.TransactionClient, "emailToken">;

/** Stores a new token's hash and returns the token itself (for the mail link only). */
export async function issueEmailToken(tx: Tx, developerId: string, purpose: EmailTokenPurpose, now = new Date()) {
  const token = randomBytes(32).toString("base64url");
  await tx.emailToken.create({
    data: {
      developerId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS[purpose] * 1000),
      createdAt: now,
    },
  });
  return token;
}

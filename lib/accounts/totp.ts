import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { audit } from "@/lib/audit/audit";
import { ApiError } from "@/lib/http/errors";
import { notify } from "@/lib/mail/send-mail";
import { twoFactorChangedMail } from "@/lib/mail/security-notices";
import { openTotpSecret, sealTotpSecret } from "./totp-secret-box";

// Two-factor sign-in with an authenticator app (docs/api.md, "Two-factor sign-in"): RFC 6238
// codes through `otpauth`, a maintained implementation, rather than HMAC code of our own.

const PERIOD_SECONDS = 30;
// One step either side: a phone clock a little off, or a code typed as it rolls over.
const WINDOW = 1;
const RECOVERY_CODES = 10;

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: "Vitals",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export const hashRecoveryCode = (code: string) =>
  createHash("sha256")
    .update(code.toLowerCase().replace(/[^0-9a-z]/g, ""))
    .digest("hex");

/** xxxxx-xxxxx from a CSPRNG (50 bits); stored hashed only. */
function newRecoveryCode(): string {
  const raw = randomBytes(8).readBigUInt64BE().toString(36).padStart(10, "0").slice(-10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

export type TotpEnrolment = { secret: string; uri: string; qr_svg: string };

export type Enrolling = {
  id: string;
  email: string;
  role: string;
  emailVerifiedAt: Date | null;
  totpEnabledAt: Date | null;
  // The portal session asking; staff must have proved a mailed code in it (./mailed-code.ts).
  portalSession?: { mailedCodeProvedAt: Date | null };
};

/**
 * Who may set up two-factor sign-in: a verified account only (a stranger who signed up with
 * someone else's address must not plant a second factor), and staff only in a session that
 * proved a code mailed to them (whoever has a new staff member's password must not enrol).
 */
export function assertMayEnrol(developer: Enrolling): void {
  if (developer.totpEnabledAt) throw new ApiError("INVALID_REQUEST", "Two-factor sign-in is already on");
  if (!developer.emailVerifiedAt)
    throw new ApiError("FORBIDDEN", "Verify your e-mail address before you turn on two-factor sign-in");
  if (developer.role === "staff" && !developer.portalSession?.mailedCodeProvedAt)
    throw new ApiError("FORBIDDEN", "Staff confirm a code we e-mail them before they set up two-factor sign-in");
}

/** A new pending secret (replacing any earlier pending one), as a URI and a QR code for the app. */
export async function startTotpEnrolment(developer: Enrolling): Promise<TotpEnrolment> {
  assertMayEnrol(developer);
  const secret = new Secret({ size: 20 }).base32;
  const sealed = sealTotpSecret(secret);
  await db.totpFactor.upsert({
    where: { developerId: developer.id },
    create: { developerId: developer.id, secret: sealed },
    update: { secret: sealed, confirmedAt: null, lastUsedStep: null },
  });
  const uri = totpFor(secret, developer.email).toString();
  return { secret, uri, qr_svg: await QRCode.toString(uri, { type: "svg", margin: 1 }) };
}

/** The 30-second step a code belongs to, or null when it matches none within the window (or the secret cannot be opened). */
function matchingStep(secret: string | null, code: string, now: Date): number | null {
  if (secret === null) return null;
  const delta = totpFor(secret, "").validate({
    token: code.replace(/\s/g, ""),
    timestamp: now.getTime(),
    window: WINDOW,
  });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/**
 * Confirms the pending secret with a first code, turns two-factor sign-in on and returns the
 * recovery codes, the only time they are shown. The portal session that confirmed has proved
 * the second factor; the account's other sessions end (one may be a stranger's).
 */
export async function confirmTotpEnrolment(
  developer: Enrolling,
  code: unknown,
  ip: string,
  now = new Date(),
  portalSessionId?: string,
): Promise<{ recovery_codes: string[] }> {
  assertMayEnrol(developer);
  if (typeof code !== "string" || code.length > 32) throw new ApiError("INVALID_REQUEST", "Type the 6-digit code");
  const developerId = developer.id;
  const factor = await db.totpFactor.findUnique({ where: { developerId } });
  if (!factor || factor.confirmedAt) throw new ApiError("INVALID_REQUEST", "Start the set-up first");
  const step = matchingStep(openTotpSecret(factor.secret), code, now);
  if (step === null)
    throw new ApiError("INVALID_REQUEST", "That code is not right; check your phone's clock and type the current code");
  const codes = await db.$transaction(async (tx) => {
    const claimed = await tx.totpFactor.updateMany({
      where: { developerId, confirmedAt: null, secret: factor.secret },
      data: { confirmedAt: now, lastUsedStep: step },
    });
    if (claimed.count !== 1) throw new ApiError("INVALID_REQUEST", "Start the set-up again");
    await tx.developer.update({ where: { id: developerId }, data: { totpEnabledAt: now } });
    const fresh = await replaceRecoveryCodes(tx, developerId);
    await tx.portalSession.deleteMany({
      where: portalSessionId ? { developerId, NOT: { id: portalSessionId } } : { developerId },
    });
    if (portalSessionId)
      await tx.portalSession.updateMany({ where: { id: portalSessionId, developerId }, data: { secondFactor: true } });
    await audit(tx, {
      actorId: developerId,
      actorType: "developer",
      action: "developer.totp_enable",
      targetType: "developer",
      targetId: developerId,
      ip,
    });
    return fresh;
  });
  await notify(twoFactorChangedMail(developer.email, true, false));
  return { recovery_codes: codes };
}

/** Ten new recovery codes replacing the old ones (in the caller's transaction); shown once. */
export async function replaceRecoveryCodes(tx: Prisma.TransactionClient, developerId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await tx.recoveryCode.deleteMany({ where: { developerId } });
  await tx.recoveryCode.createMany({ data: codes.map((c) => ({ developerId, codeHash: hashRecoveryCode(c) })) });
  return codes;
}

/**
 * Checks a second factor at sign-in: a current authenticator code (never one already used:
 * the step only moves forward, by a conditional write) or an unused recovery code (used up by
 * a conditional write). True when accepted.
 */
export async function verifySecondFactor(developerId: string, code: string, now = new Date()): Promise<boolean> {
  const factor = await db.totpFactor.findUnique({ where: { developerId } });
  if (!factor?.confirmedAt) return false;
  if (/^\s*\d{6}\s*$/.test(code)) {
    const step = matchingStep(openTotpSecret(factor.secret), code, now);
    if (step === null) return false;
    const moved = await db.totpFactor.updateMany({
      where: { developerId, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
      data: { lastUsedStep: step },
    });
    return moved.count === 1;
  }
  const used = await db.recoveryCode.updateMany({
    where: { developerId, codeHash: hashRecoveryCode(code), usedAt: null },
    data: { usedAt: now },
  });
  return used.count === 1;
}

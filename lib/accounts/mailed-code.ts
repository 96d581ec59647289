import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { sendMail } from "@/lib/mail/send-mail";
import { signInCodeMail } from "@/lib/mail/security-notices";
import { checkedCode, countCodeAttempt } from "./sign-in-limits";

// A one-time code mailed to a staff account for the portal session that asks, so that setting
// up two-factor sign-in proves the mailbox as well as the password (docs/support.md, "Access").
// Wrong codes count against the account's code budget (./sign-in-limits.ts).

const CODE_MINUTES = 10;
// One mail a minute per account at most, whatever the number of sessions asking.
const RESEND_AFTER_MS = 60_000;

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

type Asking = { id: string; email: string; role: string; portalSession: { id: string } };

/** Mails a fresh code for this session (the previous one dies). */
export async function mailEnrolmentCode(developer: Asking, now = new Date()): Promise<void> {
  if (developer.role !== "staff") throw new ApiError("FORBIDDEN", "Only staff accounts confirm a mailed code");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(now.getTime() + CODE_MINUTES * 60_000);
  const latestSend = new Date(now.getTime() + CODE_MINUTES * 60_000 - RESEND_AFTER_MS);
  const recent = await db.portalSession.count({
    where: { developerId: developer.id, mailedCodeExpiresAt: { gt: latestSend } },
  });
  if (recent > 0)
    throw new ApiError("RATE_LIMIT_EXCEEDED", "A code was sent less than a minute ago; check your inbox", 60);
  const stored = await db.portalSession.updateMany({
    where: {
      id: developer.portalSession.id,
      developerId: developer.id,
      OR: [{ mailedCodeExpiresAt: null }, { mailedCodeExpiresAt: { lte: latestSend } }],
    },
    data: { mailedCodeHash: hashCode(code), mailedCodeExpiresAt: expiresAt, mailedCodeProvedAt: null },
  });
  if (stored.count === 0)
    throw new ApiError("RATE_LIMIT_EXCEEDED", "A code was sent less than a minute ago; check your inbox", 60);
  await sendMail(signInCodeMail(developer.email, code, CODE_MINUTES));
}

/** Checks the typed code against this session's; right: the session has proved the mailbox. */
export async function proveEnrolmentCode(developer: Asking, code: unknown, now = new Date()): Promise<void> {
  if (typeof code !== "string" || code.length > 32) throw new ApiError("INVALID_REQUEST", "Type the 6-digit code");
  const session = await db.portalSession.findUnique({
    where: { id: developer.portalSession.id },
    select: { mailedCodeHash: true, mailedCodeExpiresAt: true },
  });
  if (!session?.mailedCodeHash || !session.mailedCodeExpiresAt || session.mailedCodeExpiresAt <= now)
    throw new ApiError("INVALID_REQUEST", "Ask for a new code first: none is waiting, or it expired");
  const attempt = await countCodeAttempt(developer.id, now);
  const typed = hashCode(code.replace(/\s/g, ""));
  const right = timingSafeEqual(Buffer.from(typed), Buffer.from(session.mailedCodeHash));
  await checkedCode(developer, attempt, right, now);
  if (!right) throw new ApiError("INVALID_REQUEST", "That code is not right; check the latest mail");
  await db.portalSession.updateMany({
    where: { id: developer.portalSession.id, mailedCodeHash: session.mailedCodeHash },
    data: { mailedCodeHash: null, mailedCodeExpiresAt: null, mailedCodeProvedAt: now },
  });
}

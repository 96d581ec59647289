import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { WITHOUT_SECRETS, type DeveloperAccount } from "@/lib/accounts/developer-account";

// Portal sessions (docs/api.md, "Portal sessions"). The cookie carries a session id; the row
// decides. Reading it is one indexed read (primary key, with the account joined), so signing
// out, "sign out everywhere", a password change and verification end a cookie on its very next
// request, on every instance.

/** A session unused this long ends. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
/** However much it is used, a session ends this long after its sign-in. */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
// The idle end is moved forward at most once a day, so a busy session does not write on every request.
const REFRESH_AFTER_MS = 24 * 3600 * 1000;

export type PortalSessionFacts = { id: string; secondFactor: boolean; mailedCodeProvedAt: Date | null };
export type SessionDeveloper = DeveloperAccount & { portalSession: PortalSessionFacts };

type Tx = Prisma.TransactionClient | typeof db;

const idleEnd = (now: Date, createdAt: Date) =>
  new Date(
    Math.min(now.getTime() + SESSION_IDLE_SECONDS * 1000, createdAt.getTime() + SESSION_ABSOLUTE_SECONDS * 1000),
  );

/** Opens a session for a completed sign-in; returns its id, for the cookie. */
export async function openPortalSession(
  developerId: string,
  opts: { secondFactor: boolean; ip: string },
  now = new Date(),
): Promise<string> {
  const row = await db.portalSession.create({
    data: { developerId, secondFactor: opts.secondFactor, ip: opts.ip, createdAt: now, expiresAt: idleEnd(now, now) },
    select: { id: true },
  });
  return row.id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account behind a live session id, or null (signed out, ended, expired, unknown). */
export async function developerForPortalSession(sessionId: string, now = new Date()): Promise<SessionDeveloper | null> {
  if (!UUID.test(sessionId)) return null;
  const row = await db.portalSession.findUnique({
    where: { id: sessionId },
    include: { developer: { omit: WITHOUT_SECRETS } },
  });
  if (!row || row.expiresAt <= now) return null;
  if (idleEnd(now, row.createdAt).getTime() - row.expiresAt.getTime() > REFRESH_AFTER_MS) {
    // Best effort: a failed refresh costs the session a day of idle time at most.
    await db.portalSession
      .updateMany({ where: { id: row.id }, data: { expiresAt: idleEnd(now, row.createdAt) } })
      .catch(() => undefined);
  }
  const { developer, id, secondFactor, mailedCodeProvedAt } = row;
  return { ...developer, portalSession: { id, secondFactor, mailedCodeProvedAt } };
}

/** Sign-out: this session only. */
export async function endPortalSession(sessionId: string): Promise<void> {
  if (UUID.test(sessionId)) await db.portalSession.deleteMany({ where: { id: sessionId } });
}

export type PortalSessionListing = { id: string; ip: string | null; createdAt: Date; secondFactor: boolean };

// The security page lists at most this many (newest first); sessions end within 30 days anyway.
export const SESSIONS_LISTED = 50;

/** The account's live sessions, newest sign-in first, and how many there are. */
export async function listPortalSessions(
  developerId: string,
  now = new Date(),
): Promise<{ sessions: PortalSessionListing[]; total: number }> {
  const where = { developerId, expiresAt: { gt: now } };
  const [sessions, total] = await Promise.all([
    db.portalSession.findMany({
      where,
      orderBy: { createdAt: "desc" },
      take: SESSIONS_LISTED,
      select: { id: true, ip: true, createdAt: true, secondFactor: true },
    }),
    db.portalSession.count({ where }),
  ]);
  return { sessions, total };
}

/** Signs one of the account's own sessions out (another account's id changes nothing). */
export async function endOwnPortalSession(developerId: string, sessionId: unknown): Promise<boolean> {
  if (typeof sessionId !== "string" || !UUID.test(sessionId)) return false;
  return (await db.portalSession.deleteMany({ where: { id: sessionId, developerId } })).count === 1;
}

/** Every portal session of the account (sign out everywhere, password change, verification). */
export async function endAllPortalSessions(tx: Tx, developerId: string): Promise<number> {
  return (await tx.portalSession.deleteMany({ where: { developerId } })).count;
}

/** Sessions past their end (the sweeper). */
export async function deleteExpiredPortalSessions(now = new Date()): Promise<number> {
  return (await db.portalSession.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}

import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { SdkCredential } from "@/lib/keys/authenticate-client-token";
import { tensorStorage } from "@/lib/storage/storage";
import { isSessionId } from "./schemas";

const notFound = (message = "Session not found") => new ApiError("SESSION_NOT_FOUND", message);

/**
 * The session, if it exists, has not expired, belongs to this developer (else 403) and was
 * started in the key's environment (a test session is invisible to a live key and back: 404)
 * and the same way (Try it or not); for a client token, one it started itself.
 */
export async function findOwnSession(key: SdkCredential, sessionId: string, now: Date) {
  if (!isSessionId(sessionId)) throw notFound();
  const session = await db.session.findUnique({ where: { id: sessionId } });
  if (!session) throw notFound();
  const finished = session.status === "completed" || session.status === "failed";
  if (!finished && session.expiresAt <= now) {
    await tensorStorage().deleteTensor(sessionId);
    throw notFound("Session expired");
  }
  if (session.developerId !== key.developerId)
    throw new ApiError("FORBIDDEN", "This session belongs to another developer");
  if (session.environment !== key.environment) throw notFound();
  // A Try it session belongs to the page's token only, and a Try it token sees nothing else.
  if (session.tryIt !== (key.clientToken?.purpose === "try_it")) throw notFound();
  // A client token sees only the sessions it started; a secret key sees all of its organization's
  // (docs/api.md, "Client tokens"), so a token lifted from one page reaches no other scan.
  if (key.clientToken && session.clientTokenId !== key.clientToken.id) throw notFound();
  return session;
}

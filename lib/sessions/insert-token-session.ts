import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { ClientTokenGrant } from "@/lib/keys/authenticate-client-token";
import type { Prisma } from "@/lib/generated/prisma/client";
import { insertSession, type NewSession } from "./insert-session";

// Thrown inside the transaction to undo the token's scan when the quota (or, for a Try it
// token, the day's cap) refuses the session.
const REFUSED = Symbol("refused");

type Insert = (s: NewSession, tx: Prisma.TransactionClient) => ReturnType<typeof insertSession>;

/**
 * insertSession for a request made with a client token: one of the token's scans and the
 * session (with its quota scan) in one transaction. The conditional UPDATE locks the token's
 * row, so N concurrent starts against R scans left create exactly min(N, R) sessions; a start
 * the monthly quota (or `insert`'s own allowance) refuses gives the token's scan back by
 * rolling back.
 */
export async function insertTokenSession(
  token: ClientTokenGrant,
  s: NewSession,
  insert: Insert = insertSession,
): ReturnType<Insert> {
  try {
    return await db.$transaction(async (tx) => {
      const claimed = await tx.$executeRaw`
        UPDATE "ClientToken" SET "scansUsed" = "scansUsed" + 1
        WHERE id = ${token.id}::uuid AND "scansUsed" < "maxScans"`;
      if (claimed === 0) {
        const allowed = token.maxScans === 1 ? "its one scan" : `all ${token.maxScans} of its scans`;
        throw new ApiError("FORBIDDEN", `This client token has used ${allowed}; mint a new one on your server`);
      }
      // The session is this token's own: no other token of the organization reads or completes it.
      const created = await insert({ ...s, clientTokenId: token.id }, tx);
      if (!created) throw REFUSED;
      return created;
    });
  } catch (err) {
    if (err === REFUSED) return null;
    throw err;
  }
}

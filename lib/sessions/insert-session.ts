import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { KeyEnvironment } from "@/lib/generated/prisma/enums";
import { sessionCtes, sqlTime } from "@/lib/sdk-access/sql";
import { dayOf, monthOf } from "@/lib/usage/month";
import type { FallbackConfig } from "./fallback";
import type { Demographics } from "./schemas";

export type NewSession = {
  /** Chosen before the insert, so a start whose answer is lost can be undone (undo-lost-start.ts). */
  id: string;
  developerId: string;
  /** Null for a Try it scan (lib/sessions/insert-try-it-session.ts). */
  apiKeyId: string | null;
  environment: KeyEnvironment;
  demographics?: Demographics;
  fallbackConfig: FallbackConfig;
  clientReferenceId?: string | null;
  metadata?: Record<string, string> | null;
  /** The client token starting it (insert-token-session.ts): the session is that token's own. */
  clientTokenId?: string | null;
  expiresAt: Date;
  now: Date;
  monthlyLimit: number;
};

const INSERT_SQL = `
  WITH go AS (SELECT $1::uuid AS "developerId", $2::uuid AS "keyId", $3::text AS env, $4::int AS monthly),
  ${sessionCtes({
    now: "$5::timestamp",
    month: "$6",
    day: "$7",
    sessionId: "$8::uuid",
    demographics: "$9::jsonb",
    fallbackConfig: "$10::jsonb",
    expiresAt: "$11::timestamp",
    clientReferenceId: "$12::text",
    metadata: "$13::jsonb",
    clientTokenId: "$14::uuid",
  })}
  SELECT (SELECT "scanCount" FROM used) AS used, (SELECT unsent80 FROM used) AS unsent80,
         (SELECT unsent100 FROM used) AS unsent100, (SELECT count(*)::int FROM created) AS created`;

/**
 * Inserts a session, paying one scan of the month's quota on a live key in the same statement
 * (lib/sdk-access/sql.ts, sessionCtes). Returns null when the quota is used up, else the
 * month's count and which of the month's usage alerts are still unsent (null count for test
 * keys, which use no quota).
 */
export async function insertSession(
  s: NewSession,
  client: Prisma.TransactionClient = db,
): Promise<{ id: string; scansUsed: number | null; alertsUnsent?: { at80: boolean; at100: boolean } } | null> {
  const [row] = await client.$queryRawUnsafe<
    { used: number | null; unsent80: boolean | null; unsent100: boolean | null; created: number }[]
  >(
    INSERT_SQL,
    s.developerId,
    s.apiKeyId,
    s.environment,
    s.monthlyLimit,
    sqlTime(s.now),
    monthOf(s.now),
    dayOf(s.now),
    s.id,
    s.demographics ? JSON.stringify(s.demographics) : null,
    JSON.stringify(s.fallbackConfig),
    sqlTime(s.expiresAt),
    s.clientReferenceId ?? null,
    s.metadata ? JSON.stringify(s.metadata) : null,
    s.clientTokenId ?? null,
  );
  if (row.created !== 1) return null;
  if (row.used === null) return { id: s.id, scansUsed: null };
  return { id: s.id, scansUsed: row.used, alertsUnsent: { at80: !!row.unsent80, at100: !!row.unsent100 } };
}

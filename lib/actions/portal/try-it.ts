"use server";

import { currentMember } from "@/lib/auth/current-member";
import { can } from "@/lib/teams/roles";
import { ApiError } from "@/lib/http/errors";
import { mintTryItToken } from "@/lib/try-it/mint-try-it-token";
import { tryItAllowance, type TryItAllowance } from "@/lib/try-it/try-it-usage";
import { serverAction } from "@/lib/actions/server-action";

export type TryItStart =
  | { ok: true; token: string; allowance: TryItAllowance }
  | { ok: false; message: string; code?: string; allowance?: TryItAllowance };

/**
 * A one-scan client token for the Try it page, for the developer of the portal session (the
 * next-auth cookie): no key is pasted, none reaches the browser (docs/api.md, "Try it").
 */
export const startTryItAction: () => Promise<TryItStart> = serverAction(
  "member:try_it.use",
  async ({ actor }): Promise<TryItStart> => {
    try {
      const minted = await mintTryItToken(actor);
      return { ok: true, token: minted.token, allowance: minted.allowance };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // A refusal names its code; the daily limit's carries today's figures so the page can show them.
      const allowance = err.code === "TRY_IT_LIMIT_EXCEEDED" ? await tryItAllowance(actor.organizationId) : undefined;
      return { ok: false, message: err.message, code: err.code, allowance };
    }
  },
);

/** Today's Try it scans, re-read after a scan (or a refusal) so the page shows what is left. */
export async function tryItAllowanceAction(): Promise<TryItAllowance | null> {
  const found = await currentMember();
  return found && can(found.member.role, "try_it.use") ? tryItAllowance(found.member.organization.id) : null;
}

"use server";

import { headers } from "next/headers";
import { currentDeveloper } from "@/lib/auth/current-developer";
import { ipFromHeaders } from "@/lib/auth/request-ip";
import { ApiError } from "@/lib/http/errors";
import { mintTryItToken } from "@/lib/try-it/mint-try-it-token";
import { tryItAllowance, type TryItAllowance } from "@/lib/try-it/try-it-usage";
import { failure } from "@/components/forms/form-state";

export type TryItStart =
  | { ok: true; token: string; allowance: TryItAllowance }
  | { ok: false; message: string; code?: string; allowance?: TryItAllowance };

/**
 * A one-scan client token for the Try it page, for the developer of the portal session (the
 * next-auth cookie): no key is pasted, none reaches the browser (docs/api.md, "Try it").
 */
export async function startTryItAction(): Promise<TryItStart> {
  const developer = await currentDeveloper();
  if (!developer) return { ok: false, message: "Your session has ended. Sign in again." };
  try {
    const minted = await mintTryItToken(developer, ipFromHeaders(await headers()));
    return { ok: true, token: minted.token, allowance: minted.allowance };
  } catch (err) {
    const code = err instanceof ApiError ? err.code : undefined;
    const allowance = code === "TRY_IT_LIMIT_EXCEEDED" ? await tryItAllowance(developer.id) : undefined;
    return { ok: false, message: failure(err).message!, code, allowance };
  }
}

/** Today's Try it scans, re-read after a scan (or a refusal) so the page shows what is left. */
export async function tryItAllowanceAction(): Promise<TryItAllowance | null> {
  const developer = await currentDeveloper();
  return developer ? tryItAllowance(developer.id) : null;
}

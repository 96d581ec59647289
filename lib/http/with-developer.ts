import { ApiError } from "./errors";
import { route, type RequestContext, type RouteHandler } from "./handler";
import { verifyIdToken } from "@/lib/auth/id-token";
import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import type { DeveloperAccount } from "@/lib/accounts/developer-account";
import { developerForSession } from "@/lib/accounts/session-developer";

export type DeveloperContext = RequestContext & { developer: DeveloperAccount };

function bearerToken(req: Request): string {
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match)
    throw new ApiError(
      "UNAUTHORIZED",
      "Authorization: Bearer <ID_TOKEN> is required; get one from POST /developer/login",
    );
  return match[1];
}

/**
 * The wrapper of the bearer-token developer endpoints: a valid ID token of an existing account
 * whose session version it still carries (401 UNAUTHORIZED otherwise), then the account-status
 * gate unless the endpoint must answer inactive accounts too (GET /developer/profile).
 */
export function withDeveloper(
  fn: (ctx: DeveloperContext) => Promise<Response>,
  opts: { allowInactive?: boolean } = {},
): RouteHandler {
  return route(async (ctx) => {
    const claims = await verifyIdToken(bearerToken(ctx.req));
    const developer = await developerForSession(claims.developerId, claims.sessionVersion);
    if (!developer) {
      throw new ApiError("UNAUTHORIZED", "This ID token is no longer valid (the password was changed); sign in again");
    }
    ctx.subject = { developerId: developer.id };
    if (!opts.allowInactive) assertDeveloperActive(developer);
    return fn({ ...ctx, developer });
  });
}

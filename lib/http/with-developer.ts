import { ApiError } from "./errors";
import { route, type RequestContext, type RouteHandler } from "./handler";
import { idempotent, memberScope } from "./idempotent";
import { verifyIdToken } from "@/lib/auth/id-token";
import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import type { DeveloperAccount } from "@/lib/accounts/developer-account";
import { developerForSession } from "@/lib/accounts/session-developer";
import { actorOf, assertCan, memberFor, type Member, type MemberActor } from "@/lib/teams/member";
import type { Operation } from "@/lib/teams/roles";

export type DeveloperContext = RequestContext & { developer: DeveloperAccount };
export type MemberContext = DeveloperContext & { member: Member; actor: MemberActor };

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
  opts: { allowInactive?: boolean } & Idempotent = {},
): RouteHandler {
  return route(async (ctx) => {
    const { developer, organizationId } = await signedIn(ctx);
    if (!opts.allowInactive) assertDeveloperActive(developer);
    const run = () => fn({ ...ctx, developer });
    return opts.idempotent ? idempotent(ctx, run, memberScope(developer.id, organizationId)) : run();
  });
}

/** idempotent: the endpoint takes an Idempotency-Key, scoped to the account and organization (idempotent.ts). */
type Idempotent = { idempotent?: boolean };

/**
 * The wrapper of the endpoints that act for an organization: the token's account must still be
 * a member of the organization the token names (403 FORBIDDEN once removed, on every instance:
 * the membership is read on each request), and its role must allow `operation`
 * (lib/teams/roles.ts). The account's and the organization's status gates follow.
 */
export function withMember(
  operation: Operation,
  fn: (ctx: MemberContext) => Promise<Response>,
  opts: Idempotent = {},
): RouteHandler {
  return route(async (ctx) => {
    const { developer, organizationId } = await signedIn(ctx);
    const member = await memberFor(developer.id, organizationId);
    if (!member) {
      throw new ApiError("FORBIDDEN", "You are not a member of the organization this ID token names; sign in again");
    }
    ctx.subject = { developerId: member.organization.id };
    assertCan(member, operation);
    assertDeveloperActive(developer);
    assertDeveloperActive(member.organization);
    const run = () => fn({ ...ctx, developer, member, actor: actorOf(member, ctx.ip) });
    return opts.idempotent ? idempotent(ctx, run, memberScope(developer.id, organizationId)) : run();
  });
}

async function signedIn(ctx: RequestContext) {
  const claims = await verifyIdToken(bearerToken(ctx.req));
  const developer = await developerForSession(claims.developerId, claims.sessionVersion);
  if (!developer) {
    throw new ApiError("UNAUTHORIZED", "This ID token is no longer valid (the password was changed); sign in again");
  }
  ctx.subject = { developerId: developer.id };
  return { developer, organizationId: claims.organizationId };
}

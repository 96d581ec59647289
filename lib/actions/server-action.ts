import { headers } from "next/headers";
import { ApiError } from "@/lib/http/errors";
import { notFound, unstable_rethrow } from "next/navigation";
import type { z, ZodType } from "zod";
import { assertDeveloperActive } from "@/lib/accounts/account-gate";
import { currentDeveloper, type PortalDeveloper } from "@/lib/auth/current-developer";
import { currentMember } from "@/lib/auth/current-member";
import { actorOf, assertCan, type Member, type MemberActor } from "@/lib/teams/member";
import type { Operation } from "@/lib/teams/roles";
import { ipFromHeaders } from "@/lib/auth/request-ip";
import { supportAccess } from "@/lib/auth/support-access";
import type { Staff } from "@/lib/support/target";
import { failure, formValues, type ActionFailure, type FormState } from "./form-state";

// The one shape of a server action (after next-saas-starter's validatedActionWithUser): who may
// call it, the client IP for the audit row, the form parsed by the API's own schema, and any
// error turned into form state. redirect() and notFound() still work inside.

/**
 * Who may call an action: anyone, a signed-in developer (an active one), staff, or an active
 * member of the portal's chosen organization whose role allows the operation
 * (`member:keys.write`; lib/teams/roles.ts).
 */
type MemberCaller = `member:${Operation}`;
type Caller = "anyone" | "developer" | "active developer" | "staff" | MemberCaller;

type MemberContext = { ip: string; developer: PortalDeveloper; member: Member; actor: MemberActor };
type Contexts = {
  anyone: { ip: string };
  developer: { ip: string; developer: PortalDeveloper };
  "active developer": { ip: string; developer: PortalDeveloper };
  staff: { ip: string; staff: Staff };
} & Record<MemberCaller, MemberContext>;
type Context<C extends Caller> = Contexts[C];

const isMemberCaller = (caller: Caller): caller is MemberCaller => caller.startsWith("member:");

const SIGNED_OUT: ActionFailure = { ok: false, message: "Your session has ended. Sign in again." };

async function contextFor(caller: Caller): Promise<Contexts[Caller] | null> {
  const ip = ipFromHeaders(await headers());
  if (caller === "anyone") return { ip };
  if (isMemberCaller(caller)) {
    const found = await currentMember();
    if (!found) return null;
    // A page of an organization the account was removed from: its changes must not land in the
    // personal organization the portal falls back to.
    if (found.stale)
      throw new ApiError(
        "FORBIDDEN",
        "You are no longer a member of the organization this page was for; reload the page",
      );
    return { ip, developer: found.developer, member: found.member, actor: actorOf(found.member, ip) };
  }
  const developer = await currentDeveloper();
  // Anyone but staff gets a 404, signed out or not (lib/auth/support-access.ts).
  if (caller === "staff") {
    if (!developer || supportAccess(developer) !== "allowed") notFound();
    return { ip, staff: { id: developer.id, ip } };
  }
  return developer ? { ip, developer } : null;
}

/** An action called with plain arguments (a key id, a plan, a code). */
export function serverAction<C extends Caller, A extends unknown[], R extends { ok: boolean }>(
  caller: C,
  fn: (ctx: Context<C>, ...args: A) => Promise<R>,
): (...args: A) => Promise<R | ActionFailure> {
  return async (...args) => {
    let ctx: Context<C> | null;
    try {
      ctx = (await contextFor(caller)) as Context<C> | null;
    } catch (err) {
      unstable_rethrow(err);
      return failure(err);
    }
    if (!ctx) return SIGNED_OUT;
    try {
      if (caller === "active developer") assertDeveloperActive((ctx as Context<"developer">).developer);
      if (isMemberCaller(caller)) {
        const { developer, member } = ctx as MemberContext;
        const operation = caller.slice("member:".length) as Operation;
        assertCan(member, operation);
        assertDeveloperActive(developer);
        assertDeveloperActive(member.organization);
      }
      return await fn(ctx, ...args);
    } catch (err) {
      unstable_rethrow(err);
      return failure(err);
    }
  };
}

/** An action bound to a form (useActionState): its fields parsed by the API's schema, empty optional ones dropped. */
export function formAction<C extends Caller, S extends ZodType, T = undefined>(
  caller: C,
  schema: S,
  fn: (input: z.output<S>, ctx: Context<C>) => Promise<FormState<T>>,
  opts: { optional?: string[]; prepare?: (values: Record<string, string>) => unknown } = {},
): (prev: FormState<T>, form: FormData) => Promise<FormState<T>> {
  const act = serverAction(caller, async (ctx: Context<C>, form: FormData) => {
    const values = formValues(form, opts.optional);
    return fn(schema.parse(opts.prepare ? opts.prepare(values) : values), ctx);
  });
  return async (_prev, form) => act(form);
}

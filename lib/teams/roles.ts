import type { MemberRole } from "@/lib/generated/prisma/enums";

// Who may do what in an organization (docs/teams.md, "Roles"): the one table every page, server
// action and developer-API endpoint asks. A role not listed for an operation is refused.

export const ROLES = ["owner", "admin", "developer", "billing", "viewer"] as const satisfies readonly MemberRole[];

const ALL: readonly MemberRole[] = ROLES;
const BUILDERS: readonly MemberRole[] = ["owner", "admin", "developer"];
const MANAGERS: readonly MemberRole[] = ["owner", "admin"];

export const OPERATIONS = {
  /** The dashboard's usage, the usage endpoints. */
  "usage.read": ALL,
  /** Key list (names, prefixes, dates; never a secret). */
  "keys.read": ["owner", "admin", "developer", "viewer"],
  /** Create, revoke, roll keys. */
  "keys.write": BUILDERS,
  /** The request log. */
  "requests.read": ["owner", "admin", "developer", "viewer"],
  /** Webhook endpoints and deliveries, read. */
  "webhooks.read": ["owner", "admin", "developer", "viewer"],
  /** Add, change, delete, test, replay, roll endpoints. */
  "webhooks.write": BUILDERS,
  /** Scans from the portal's Try it page (they use the organization's allowance). */
  "try_it.use": BUILDERS,
  /** Plan, Stripe Checkout and the billing portal. */
  "billing.manage": ["owner", "billing"],
  /** The member and invitation lists. */
  "members.read": ALL,
  /** Invite, change roles (never to or from owner), remove members, revoke invitations. */
  "members.manage": MANAGERS,
  /** The organization's audit trail: who did what. */
  "audit.read": MANAGERS,
  /** Make or unmake owners, delete the organization. */
  "organization.own": ["owner"],
} as const satisfies Record<string, readonly MemberRole[]>;

export type Operation = keyof typeof OPERATIONS;

/** Roles only an owner gives, takes away or invites (organization.own): admins manage the rest. */
export const OWNERS_ONLY: readonly MemberRole[] = ["owner", "admin"];

export function can(role: MemberRole, operation: Operation): boolean {
  return (OPERATIONS[operation] as readonly MemberRole[]).includes(role);
}

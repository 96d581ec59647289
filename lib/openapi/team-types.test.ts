import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import type { acceptInvitation, createInvitation, listInvitations, revokeInvitation } from "@/lib/teams/invitations";
import type { changeRole, listMembers, removeMember } from "@/lib/teams/members";
import type { createOrganization, deleteOrganization, listOrganizations } from "@/lib/teams/organizations";
import type { listAudit } from "@/lib/teams/audit-trail";
import { openApiDocument } from "./document";
import type {
  acceptedInvitationSchema,
  auditPageSchema,
  createdOrganizationSchema,
  deletedOrganizationSchema,
  invitationListSchema,
  invitationSchema,
  memberListSchema,
  memberRoleSchema,
  organizationListSchema,
  removedMemberSchema,
  revokedInvitationSchema,
} from "./team-responses";

// The teams endpoints in the OpenAPI document (docs/teams.md): their answer schemas are the
// lib/teams functions' answer types (checked by tsc), and every operation that acts for an
// organization lists 403 FORBIDDEN.

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

describe("teams in the OpenAPI document", () => {
  it("the answer schemas are the handlers' answer types (checked by tsc)", () => {
    expectTypeOf<z.infer<typeof organizationListSchema>>().toEqualTypeOf<Answer<typeof listOrganizations>>();
    expectTypeOf<z.infer<typeof createdOrganizationSchema>>().toEqualTypeOf<Answer<typeof createOrganization>>();
    expectTypeOf<z.infer<typeof deletedOrganizationSchema>>().toEqualTypeOf<Answer<typeof deleteOrganization>>();
    expectTypeOf<z.infer<typeof memberListSchema>>().toEqualTypeOf<Answer<typeof listMembers>>();
    expectTypeOf<z.infer<typeof memberRoleSchema>>().toEqualTypeOf<Answer<typeof changeRole>>();
    expectTypeOf<z.infer<typeof removedMemberSchema>>().toEqualTypeOf<Answer<typeof removeMember>>();
    expectTypeOf<z.infer<typeof invitationListSchema>>().toEqualTypeOf<Answer<typeof listInvitations>>();
    expectTypeOf<z.infer<typeof invitationSchema>>().toEqualTypeOf<Answer<typeof createInvitation>>();
    expectTypeOf<z.infer<typeof revokedInvitationSchema>>().toEqualTypeOf<Answer<typeof revokeInvitation>>();
    expectTypeOf<z.infer<typeof acceptedInvitationSchema>>().toEqualTypeOf<Answer<typeof acceptInvitation>>();
    expectTypeOf<z.infer<typeof auditPageSchema>>().toEqualTypeOf<Answer<typeof listAudit>>();
  });

  it("lists 403 FORBIDDEN on every endpoint that acts for the token's organization", () => {
    const doc = openApiDocument("http://localhost:3000");
    const forbidden = (path: string, method: string) =>
      (
        (doc.paths[path] as Record<string, { responses: Record<string, { description: string }> }>)[method].responses[
          "403"
        ]?.description ?? ""
      ).includes("FORBIDDEN");
    const acting = [
      ["/developer/keys", "get"],
      ["/developer/keys/{id}/roll", "post"],
      ["/developer/usage", "get"],
      ["/developer/request-log", "get"],
      ["/developer/webhooks", "post"],
      ["/developer/checkout", "post"],
      ["/developer/members", "get"],
      ["/developer/members/{accountId}", "patch"],
      ["/developer/members/{accountId}", "delete"],
      ["/developer/invitations", "post"],
      ["/developer/invitations/{id}", "delete"],
      ["/developer/audit", "get"],
      ["/developer/organization", "delete"],
      ["/developer/login", "post"],
    ];
    expect(acting.filter(([path, method]) => !forbidden(path, method))).toEqual([]);
    const revoke = doc.paths["/developer/invitations/{id}"].delete as { parameters: { description: string }[] };
    expect(revoke.parameters[0].description).toBe("Invitation id (UUID)");
    const audit = doc.paths["/developer/audit"].get as { parameters: { name: string }[] };
    expect(audit.parameters.map((p) => p.name)).toEqual(["page", "member"]);
  });
});

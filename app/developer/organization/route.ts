// DELETE /developer/organization: delete the team organization the ID token acts for (owners only).
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withMember } from "@/lib/http/with-developer";
import { deleteOrganization } from "@/lib/teams/organizations";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  DELETE: withMember("organization.own", async ({ actor }) => json(await deleteOrganization(actor))),
});

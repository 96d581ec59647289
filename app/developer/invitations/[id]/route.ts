// DELETE /developer/invitations/{id}: revoke a pending invitation; its link stops working.
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withMember } from "@/lib/http/with-developer";
import { revokeInvitation } from "@/lib/teams/invitations";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  DELETE: withMember("members.manage", async ({ params, member, actor }) =>
    json(await revokeInvitation(member, actor, String(params.id ?? ""))),
  ),
});

// PATCH and DELETE /developer/members/{accountId}: change a member's role; remove a member (or leave, with one's own id).
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withMember } from "@/lib/http/with-developer";
import { changeRole, removeMember } from "@/lib/teams/members";
import { changeRoleBody } from "@/lib/teams/schemas";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  PATCH: withMember("members.manage", async ({ req, params, member, actor }) => {
    const { role } = changeRoleBody.parse(await readJson(req));
    return json(await changeRole(member, actor, String(params.accountId ?? ""), role));
  }),
  // Any member may leave (members.read); removing someone else is checked inside (members.manage).
  DELETE: withMember("members.read", async ({ params, member, actor }) =>
    json(await removeMember(member, actor, String(params.accountId ?? ""))),
  ),
});

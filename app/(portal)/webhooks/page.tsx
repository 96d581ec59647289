import type { Metadata } from "next";
import { can } from "@/lib/teams/roles";
import { requireMember } from "../require-member";
import { listEndpoints } from "@/lib/webhooks/endpoints";
import { MAX_ENDPOINTS } from "@/lib/webhooks/schemas";
import { PageHeader } from "@/components/ui/card";
import { EndpointsManager } from "@/components/webhooks/endpoints-manager";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const { developer, member } = await requireMember("webhooks.read");
  const org = member.organization;
  const endpoints = await listEndpoints(org.id);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Scan results and account events sent to your server as they happen, signed with a secret only you and we know."
      />
      <EndpointsManager
        endpoints={endpoints}
        cap={MAX_ENDPOINTS}
        canManage={developer.status === "active" && org.status === "active" && can(member.role, "webhooks.write")}
      />
    </>
  );
}

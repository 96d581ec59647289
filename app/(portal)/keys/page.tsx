import type { Metadata } from "next";
import { can } from "@/lib/teams/roles";
import { requireMember } from "../require-member";
import { listKeys } from "@/lib/keys/list-keys";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import { PageHeader } from "@/components/ui/card";
import { KeysManager } from "@/components/portal/keys-manager";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  const { developer, member } = await requireMember("keys.read");
  const org = member.organization;
  const keys = await listKeys(org.id);
  const cap = PLAN_LIMITS[org.plan].maxKeys;
  return (
    <>
      <PageHeader
        title="API keys"
        description="Test keys (ck_test_) use the free sandbox; live keys (ck_live_) count against your monthly scans."
      />
      <KeysManager
        keys={keys}
        cap={cap}
        plan={org.plan}
        canManage={developer.status === "active" && org.status === "active" && can(member.role, "keys.write")}
      />
    </>
  );
}

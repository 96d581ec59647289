import type { Metadata } from "next";
import { requireDeveloper } from "../require-developer";
import { listKeys } from "@/lib/keys/list-keys";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import { PageHeader } from "@/components/ui/card";
import { KeysManager } from "@/components/portal/keys-manager";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  const developer = await requireDeveloper();
  const keys = await listKeys(developer.id);
  const cap = PLAN_LIMITS[developer.plan].maxKeys;
  return (
    <>
      <PageHeader
        title="API keys"
        description="Test keys (ck_test_) use the free sandbox; live keys (ck_live_) count against your monthly scans."
      />
      <KeysManager keys={keys} cap={cap} plan={developer.plan} canManage={developer.status === "active"} />
    </>
  );
}

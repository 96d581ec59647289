import type { Metadata } from "next";
import { env } from "@/lib/env";
import { tryItAllowance } from "@/lib/try-it/try-it-usage";
import { requireMember } from "../require-member";
import { PageHeader } from "@/components/ui/card";
import { TryIt } from "@/components/try-it/try-it";

export const metadata: Metadata = { title: "Try it" };

export default async function TryItPage() {
  const { developer, member } = await requireMember("try_it.use");
  const org = member.organization;
  const allowance = await tryItAllowance(org.id);
  return (
    <>
      <PageHeader
        title="Try it"
        description="Measure your own vitals with the browser SDK: real inference, not charged to your monthly quota."
      />
      <TryIt
        baseUrl={env().APP_URL.replace(/\/$/, "")}
        initialAllowance={allowance}
        active={developer.status === "active" && org.status === "active"}
      />
    </>
  );
}

import type { Metadata } from "next";
import { requireDeveloper } from "../require-developer";
import { PLAN_LIMITS, PLANS } from "@/lib/plans/plan-limits";
import { PageHeader } from "@/components/ui/card";
import { PlanCards } from "@/components/portal/plan-cards";

export const metadata: Metadata = { title: "Billing" };

const PRICES: Record<string, string> = { starter: "Free", pro: "Paid monthly", enterprise: "Paid monthly" };

export default async function BillingPage() {
  const developer = await requireDeveloper();
  const plans = PLANS.map((plan) => ({ plan, price: PRICES[plan] ?? "", ...PLAN_LIMITS[plan] }));
  return (
    <>
      <PageHeader title="Billing" description="Change your plan or manage payment details with our payment provider." />
      <PlanCards plans={plans} current={developer.plan} hasSubscription={Boolean(developer.stripeCustomerId)} />
    </>
  );
}

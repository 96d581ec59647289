import type { Metadata } from "next";
import { requireMember } from "../require-member";
import { PLAN_LIMITS, PLANS } from "@/lib/plans/plan-limits";
import { PageHeader } from "@/components/ui/card";
import { Alert } from "@/components/ui/alert";
import { PlanCards } from "@/components/portal/plan-cards";

export const metadata: Metadata = { title: "Billing" };

const PRICES: Record<string, string> = { starter: "Free", pro: "Paid monthly", enterprise: "Paid monthly" };

export default async function BillingPage({ searchParams }: { searchParams: Promise<{ checkout?: string }> }) {
  const { checkout } = await searchParams;
  const { member } = await requireMember("billing.manage");
  const org = member.organization;
  const plans = PLANS.map((plan) => ({ plan, price: PRICES[plan] ?? "", ...PLAN_LIMITS[plan] }));
  return (
    <>
      <PageHeader title="Billing" description="Change your plan or manage payment details with our payment provider." />
      {checkout === "success" ? (
        <div className="mb-4">
          <Alert tone="success" title="Thank you">
            Your payment went through. The new plan applies as soon as the payment provider confirms it, usually within
            a minute.
          </Alert>
        </div>
      ) : checkout === "cancelled" ? (
        <div className="mb-4">
          <Alert tone="info">Checkout was cancelled; nothing was charged.</Alert>
        </div>
      ) : null}
      <PlanCards plans={plans} current={org.plan} hasSubscription={Boolean(org.stripeCustomerId)} />
    </>
  );
}

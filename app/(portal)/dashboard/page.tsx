import type { Metadata } from "next";
import Link from "next/link";
import { requireMember } from "../require-member";
import { can } from "@/lib/teams/roles";
import { getUsage, getUsageHistory } from "@/lib/usage/get-usage";
import { tryItHistory } from "@/lib/try-it/try-it-usage";
import { hourlyRequestCount } from "@/lib/limits/rate-limiter";
import { listKeys } from "@/lib/keys/list-keys";
import { PLAN_LIMITS } from "@/lib/plans/plan-limits";
import { Card, PageHeader } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { buttonClass } from "@/components/ui/button-class";
import { UsageChart } from "@/components/portal/usage-chart";
import { KeyUsageChart } from "@/components/portal/key-usage-chart";
import { QuotaBanner } from "@/components/portal/quota-banner";
import { dailyKeyUsage } from "@/lib/usage/usage-alerts";

export const metadata: Metadata = { title: "Dashboard" };

const fmt = (n: number) => n.toLocaleString("en-US");

export default async function DashboardPage() {
  const { member } = await requireMember("usage.read");
  const org = member.organization;
  const limits = PLAN_LIMITS[org.plan];
  // Key names and prefixes only for roles that may read keys (lib/teams/roles.ts).
  const seesKeys = can(member.role, "keys.read");
  const [usage, history, tryIt, hourly, keys, keyUsage] = await Promise.all([
    getUsage({ id: org.id, plan: org.plan }),
    getUsageHistory(org.id),
    tryItHistory(org.id),
    hourlyRequestCount(org.id),
    seesKeys ? listKeys(org.id) : [],
    seesKeys ? dailyKeyUsage(org.id) : null,
  ]);
  const activeKeys = keys.filter((k) => k.state === "active").length;
  const lastScan = usage.current_month.last_scan_at;
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Your ${usage.plan} plan this month (${usage.current_month.month}, UTC).`}
        action={
          seesKeys ? (
            <Link href="/keys" className={buttonClass("primary")}>
              Manage API keys
            </Link>
          ) : undefined
        }
      />
      <QuotaBanner used={usage.current_month.scan_count} limit={usage.limit} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card title="Scans this month" className="sm:col-span-2 lg:col-span-1">
          <p className="mb-3 text-3xl font-semibold tabular-nums" data-testid="monthly-scans">
            {fmt(usage.current_month.scan_count)}
            <span className="text-base font-normal text-slate-600 dark:text-slate-400"> / {fmt(usage.limit)}</span>
          </p>
          <Progress value={usage.current_month.scan_count} max={usage.limit} label="Scans used this month" />
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {fmt(usage.remaining)} left. Live keys only; sandbox scans are free.
            {lastScan ? ` Last scan ${new Date(lastScan * 1000).toUTCString().slice(5, 22)} UTC.` : ""}
          </p>
        </Card>
        <Card title="Requests this hour">
          <p className="mb-3 text-3xl font-semibold tabular-nums" data-testid="hourly-requests">
            {fmt(hourly)}
            <span className="text-base font-normal text-slate-600 dark:text-slate-400">
              {" "}
              / {fmt(limits.requestsPerHour)}
            </span>
          </p>
          <Progress value={hourly} max={limits.requestsPerHour} label="Requests in the last hour" />
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Sliding one-hour window, all keys, test and live.
          </p>
        </Card>
        {seesKeys ? (
          <Card title="API keys">
            <p className="mb-3 text-3xl font-semibold tabular-nums" data-testid="key-count">
              {activeKeys}
              <span className="text-base font-normal text-slate-600 dark:text-slate-400"> / {limits.maxKeys}</span>
            </p>
            <Progress value={activeKeys} max={limits.maxKeys} label="Active keys against the plan's cap" />
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {activeKeys >= limits.maxKeys
                ? "At your plan's cap: revoke a key or upgrade to add one."
                : "Active keys against your plan's cap."}
            </p>
          </Card>
        ) : null}
      </div>
      <Card title="Scans, last six months" className="mt-4">
        <UsageChart history={[...history.history].reverse()} tryIt={tryIt} />
      </Card>
      {keyUsage ? (
        <Card title="Live scans per key, last 30 days" className="mt-4">
          <KeyUsageChart usage={keyUsage} />
        </Card>
      ) : null}
    </>
  );
}

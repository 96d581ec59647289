import type { Metadata } from "next";
import Link from "next/link";
import { can } from "@/lib/teams/roles";
import { requireMember } from "../../require-member";
import { orNotFound } from "../or-not-found";
import { listDeliveries } from "@/lib/webhooks/deliveries";
import { endpointView, findEndpoint } from "@/lib/webhooks/endpoints";
import { Card, PageHeader } from "@/components/ui/card";
import { utcMinute } from "@/components/portal/utc-minute";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { EditEndpointForm } from "@/components/webhooks/edit-endpoint-form";
import { EndpointActions } from "@/components/webhooks/endpoint-actions";
import { EndpointStatus, EnvironmentBadge } from "@/components/webhooks/endpoint-status";
import { RefreshWhileDue } from "@/components/webhooks/refresh-while-due";

export const metadata: Metadata = { title: "Webhook endpoint" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:gap-4">
      <dt className="w-40 shrink-0 font-medium text-slate-700 dark:text-slate-300">{term}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export default async function WebhookEndpointPage({ params, searchParams }: Props) {
  const { developer, member } = await requireMember("webhooks.read");
  const org = member.organization;
  const { id } = await params;
  const after = (await searchParams).after;
  const cursor = typeof after === "string" ? after : undefined;
  const endpoint = endpointView(await orNotFound(findEndpoint(org.id, id)));
  const log = await listDeliveries(org.id, id, cursor);
  const canManage = developer.status === "active" && org.status === "active" && can(member.role, "webhooks.write");
  const soon = Date.now() / 1000 + 30;
  const due = log.deliveries.some((d) => d.next_attempt_at !== null && d.next_attempt_at <= soon);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/webhooks" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          Webhooks
        </Link>
      </p>
      <PageHeader title={endpoint.description || "Webhook endpoint"} />
      <div className="flex flex-col gap-6">
        <Card title="Endpoint">
          <dl className="flex flex-col gap-3 text-sm">
            <Detail term="URL">
              <code className="font-mono" data-testid="endpoint-url">
                {endpoint.url}
              </code>
            </Detail>
            <Detail term="Environment">
              <EnvironmentBadge environment={endpoint.environment} />
            </Detail>
            <Detail term="Events">
              <code className="font-mono">{endpoint.event_types.join(", ")}</code>
            </Detail>
            <Detail term="Status">
              <EndpointStatus endpoint={endpoint} detailed />
            </Detail>
            <Detail term="Created">{utcMinute(endpoint.created_at)}</Detail>
            {endpoint.previous_secret_valid_until ? (
              <Detail term="Previous secret">
                Also signs deliveries until {utcMinute(endpoint.previous_secret_valid_until)}
              </Detail>
            ) : null}
          </dl>
          <div className="mt-4">
            <EndpointActions endpoint={endpoint} canManage={canManage} />
          </div>
        </Card>
        <section aria-labelledby="deliveries-title" className="flex flex-col gap-3">
          <h2 id="deliveries-title" className="text-lg font-semibold">
            Deliveries
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Each event sent to this endpoint in the last 30 days, newest first. A failed attempt is retried with growing
            pauses for about three days.
          </p>
          <RefreshWhileDue due={due} />
          <DeliveryLog endpointId={endpoint.id} deliveries={log.deliveries} next={log.next} paged={Boolean(cursor)} />
        </section>
        <Card>
          <EditEndpointForm endpoint={endpoint} canManage={canManage} />
        </Card>
      </div>
    </>
  );
}

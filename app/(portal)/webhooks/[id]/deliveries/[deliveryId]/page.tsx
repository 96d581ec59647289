import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { can } from "@/lib/teams/roles";
import { requireMember } from "../../../../require-member";
import { orNotFound } from "../../../or-not-found";
import { getDelivery } from "@/lib/webhooks/deliveries";
import { findEndpoint } from "@/lib/webhooks/endpoints";
import { Alert } from "@/components/ui/alert";
import { Card, PageHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { lastResponse, utcSecond } from "@/components/webhooks/delivery-format";
import { DeliveryStatus } from "@/components/webhooks/endpoint-status";
import { ReplayButton } from "@/components/webhooks/replay-button";
import { DeliveryAttempts } from "@/components/webhooks/delivery-attempts";

export const metadata: Metadata = { title: "Webhook delivery" };

type Props = { params: Promise<{ id: string; deliveryId: string }> };

const vitalsDeleted = (payload: unknown) =>
  typeof payload === "object" && payload !== null && (payload as { vitals_deleted?: unknown }).vitals_deleted === true;

export default async function WebhookDeliveryPage({ params }: Props) {
  const { developer, member } = await requireMember("webhooks.read");
  const org = member.organization;
  const { id, deliveryId } = await params;
  const endpoint = await orNotFound(findEndpoint(org.id, id));
  const delivery = await orNotFound(getDelivery(org.id, deliveryId));
  // A delivery of another of the account's endpoints is not found under this one's address.
  if (delivery.endpoint_id !== endpoint.id) notFound();
  const facts: [string, React.ReactNode][] = [
    ["Status", <DeliveryStatus key="s" status={delivery.status} />],
    ["Event", <code key="e" className="font-mono">{`${delivery.event_type} (${delivery.event_id})`}</code>],
    ["Queued", `${utcSecond(delivery.created_at)} UTC`],
    ["Attempts", String(delivery.attempts)],
    ["Last response", lastResponse(delivery)],
  ];
  if (delivery.finished_at) facts.push(["Finished", `${utcSecond(delivery.finished_at)} UTC`]);
  if (delivery.next_attempt_at) facts.push(["Next attempt", `${utcSecond(delivery.next_attempt_at)} UTC`]);
  if (delivery.replay_of)
    facts.push([
      "Replay of",
      <code key="r" className="font-mono">
        {delivery.replay_of}
      </code>,
    ]);
  return (
    <>
      <p className="mb-2 text-sm [overflow-wrap:anywhere]">
        <Link href={`/webhooks/${endpoint.id}`} className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {endpoint.description || endpoint.url}
        </Link>
      </p>
      <PageHeader title="Delivery" description={`${delivery.event_type} to ${endpoint.url}`} />
      <div className="flex flex-col gap-6">
        <Card title="Summary">
          <dl className="flex flex-col gap-3 text-sm">
            {facts.map(([term, value]) => (
              <div key={term} className="flex flex-col gap-1 sm:flex-row sm:gap-4">
                <dt className="w-40 shrink-0 font-medium text-slate-700 dark:text-slate-300">{term}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4">
            <ReplayButton
              deliveryId={delivery.id}
              endpointEnabled={endpoint.disabledAt === null}
              canManage={developer.status === "active" && org.status === "active" && can(member.role, "webhooks.write")}
            />
          </div>
        </Card>
        <Card title="Payload">
          {vitalsDeleted(delivery.payload) ? (
            <div className="mb-3">
              <Alert tone="info">The vitals were deleted under the privacy rules.</Alert>
            </div>
          ) : null}
          <CodeBlock
            code={JSON.stringify(delivery.payload, null, 2)}
            label="Event data: the body's data field (JSON)"
            testId="delivery-payload"
          />
        </Card>
        <Card title="Attempts">
          <DeliveryAttempts attempts={delivery.attempts_log} />
        </Card>
      </div>
    </>
  );
}

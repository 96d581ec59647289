import { Badge } from "@/components/ui/badge";
import type { EndpointView } from "@/lib/webhooks/endpoints";

/** Why an endpoint is off, in words: "failing" is the dispatcher's, "manual" the developer's. */
export function disabledReason(reason: string | null): string {
  if (reason === "failing") return "Disabled after three days of failed deliveries.";
  if (reason === "manual") return "Disabled by you.";
  return "Disabled.";
}

export function EndpointStatus({ endpoint, detailed = false }: { endpoint: EndpointView; detailed?: boolean }) {
  if (endpoint.enabled) return <Badge tone="green">enabled</Badge>;
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={endpoint.disabled_reason === "failing" ? "red" : "neutral"}>disabled</Badge>
      {detailed || endpoint.disabled_reason === "failing" ? (
        <span className="text-xs text-slate-700 dark:text-slate-300">{disabledReason(endpoint.disabled_reason)}</span>
      ) : null}
    </span>
  );
}

export function EnvironmentBadge({ environment }: { environment: string }) {
  return <Badge tone={environment === "live" ? "indigo" : "neutral"}>{environment}</Badge>;
}

const STATUS_TONE = { pending: "amber", succeeded: "green", failed: "red" } as const;

export function DeliveryStatus({ status }: { status: keyof typeof STATUS_TONE }) {
  return <Badge tone={STATUS_TONE[status]}>{status}</Badge>;
}

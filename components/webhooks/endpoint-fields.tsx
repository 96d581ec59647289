import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";
import type { EndpointView } from "@/lib/webhooks/endpoints";
import { EventTypeFields } from "./event-type-fields";

/** An endpoint's URL, description and events, as added (with `children` between: the environment) or edited. */
export function EndpointFields({
  errors,
  endpoint,
  selectedEvents,
  autoFocus,
  children,
}: {
  errors: Record<string, string | undefined>;
  endpoint?: EndpointView;
  selectedEvents: string[];
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <Field
        label="Endpoint URL"
        name="url"
        type="url"
        required
        maxLength={2048}
        defaultValue={endpoint?.url}
        placeholder={endpoint ? undefined : "https://example.com/webhooks/vitals"}
        hint={endpoint ? undefined : "An https address on the public internet that answers a POST with a 2xx status."}
        error={errors.url}
        autoFocus={autoFocus}
      />
      <Field
        label="Description (optional)"
        name="description"
        maxLength={200}
        defaultValue={endpoint ? (endpoint.description ?? "") : undefined}
        placeholder={endpoint ? undefined : "e.g. Results for the clinic backend"}
        error={errors.description}
      />
      {children}
      <EventTypeFields selected={selectedEvents} error={errors.event_types} />
    </>
  );
}

"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormState } from "@/lib/actions/form-state";
import { formValues } from "@/lib/actions/form-state";
import { formAction, serverAction } from "@/lib/actions/server-action";
import { replayDelivery, sendTestEvent, type DeliveryRow } from "@/lib/webhooks/deliveries";
import {
  createEndpoint,
  deleteEndpoint,
  rollEndpointSecret,
  setEndpointEnabled,
  updateEndpoint,
  type EndpointView,
} from "@/lib/webhooks/endpoints";
import { createEndpointBody, rollSecretBody, updateEndpointBody } from "@/lib/webhooks/schemas";
import { endpointChanges, endpointInput } from "./webhook-form";

// The webhooks pages' actions: each calls the same lib function as the developer API, as the
// signed-in developer (an active account), and refreshes the pages that show what changed.

export type EndpointWithSecret = { endpoint: EndpointView; secret: string };

/** The list, every endpoint's page and every delivery's page. */
const refresh = () => revalidatePath("/webhooks", "layout");

export const createEndpointAction = formAction(
  "member:webhooks.write",
  createEndpointBody,
  async (input, { actor }): Promise<FormState<EndpointWithSecret>> => {
    const created = await createEndpoint(actor, input);
    refresh();
    return { ok: true, data: created };
  },
  { optional: ["description"], prepare: endpointInput },
);

export const updateEndpointAction = serverAction(
  "member:webhooks.write",
  async ({ actor }, endpointId: string, form: FormData): Promise<FormState<EndpointView>> => {
    const input = updateEndpointBody.parse(endpointChanges(formValues(form)));
    const endpoint = await updateEndpoint(actor, endpointId, input);
    refresh();
    return { ok: true, message: "Endpoint saved.", data: endpoint };
  },
);

export const setEndpointEnabledAction = serverAction(
  "member:webhooks.write",
  async ({ actor }, endpointId: string, enabled: boolean): Promise<FormState> => {
    await setEndpointEnabled(actor, endpointId, enabled === true);
    refresh();
    return { ok: true, message: enabled ? "Endpoint enabled." : "Endpoint disabled." };
  },
);

export const rollEndpointSecretAction = serverAction(
  "member:webhooks.write",
  async ({ actor }, endpointId: string, gracePeriod: string): Promise<FormState<EndpointWithSecret>> => {
    const { grace_period } = rollSecretBody.parse({ grace_period: gracePeriod });
    const rolled = await rollEndpointSecret(actor, endpointId, grace_period);
    refresh();
    return { ok: true, data: rolled };
  },
);

export const deleteEndpointAction = serverAction(
  "member:webhooks.write",
  async ({ actor }, endpointId: string): Promise<FormState> => {
    await deleteEndpoint(actor, endpointId);
    refresh();
    redirect("/webhooks");
  },
);

export const sendTestEventAction = serverAction(
  "member:webhooks.write",
  async ({ actor }, endpointId: string): Promise<FormState<{ event_id: string }>> => {
    const sent = await sendTestEvent(actor, endpointId);
    refresh();
    return { ok: true, message: `Test event ${sent.event_id} queued; it appears in the log below.`, data: sent };
  },
);

export const replayDeliveryAction = serverAction(
  "member:webhooks.write",
  async ({ actor }, deliveryId: string): Promise<FormState<DeliveryRow>> => {
    const replay = await replayDelivery(actor, deliveryId);
    refresh();
    return { ok: true, data: replay };
  },
);

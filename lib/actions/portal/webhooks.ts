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
  "active developer",
  createEndpointBody,
  async (input, { developer, ip }): Promise<FormState<EndpointWithSecret>> => {
    const created = await createEndpoint({ developerId: developer.id, ip }, input);
    refresh();
    return { ok: true, data: created };
  },
  { optional: ["description"], prepare: endpointInput },
);

export const updateEndpointAction = serverAction(
  "active developer",
  async ({ developer, ip }, endpointId: string, form: FormData): Promise<FormState<EndpointView>> => {
    const input = updateEndpointBody.parse(endpointChanges(formValues(form)));
    const endpoint = await updateEndpoint({ developerId: developer.id, ip }, endpointId, input);
    refresh();
    return { ok: true, message: "Endpoint saved.", data: endpoint };
  },
);

export const setEndpointEnabledAction = serverAction(
  "active developer",
  async ({ developer, ip }, endpointId: string, enabled: boolean): Promise<FormState> => {
    await setEndpointEnabled({ developerId: developer.id, ip }, endpointId, enabled === true);
    refresh();
    return { ok: true, message: enabled ? "Endpoint enabled." : "Endpoint disabled." };
  },
);

export const rollEndpointSecretAction = serverAction(
  "active developer",
  async ({ developer, ip }, endpointId: string, gracePeriod: string): Promise<FormState<EndpointWithSecret>> => {
    const { grace_period } = rollSecretBody.parse({ grace_period: gracePeriod });
    const rolled = await rollEndpointSecret({ developerId: developer.id, ip }, endpointId, grace_period);
    refresh();
    return { ok: true, data: rolled };
  },
);

export const deleteEndpointAction = serverAction(
  "active developer",
  async ({ developer, ip }, endpointId: string): Promise<FormState> => {
    await deleteEndpoint({ developerId: developer.id, ip }, endpointId);
    refresh();
    redirect("/webhooks");
  },
);

export const sendTestEventAction = serverAction(
  "active developer",
  async ({ developer, ip }, endpointId: string): Promise<FormState<{ event_id: string }>> => {
    const sent = await sendTestEvent({ developerId: developer.id, ip }, endpointId);
    refresh();
    return { ok: true, message: `Test event ${sent.event_id} queued; it appears in the log below.`, data: sent };
  },
);

export const replayDeliveryAction = serverAction(
  "active developer",
  async ({ developer, ip }, deliveryId: string): Promise<FormState<DeliveryRow>> => {
    const replay = await replayDelivery({ developerId: developer.id, ip }, deliveryId);
    refresh();
    return { ok: true, data: replay };
  },
);

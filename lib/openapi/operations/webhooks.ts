import { createEndpointBody, deliveriesQuery, rollSecretBody, updateEndpointBody } from "@/lib/webhooks/schemas";
import {
  deletedEndpointSchema,
  deliveryDetailSchema,
  deliveryPageSchema,
  deliverySchema,
  endpointListSchema,
  endpointSchema,
  endpointWithSecretSchema,
  testEventSchema,
} from "../webhook-responses";
import { BODY, MEMBER, type Operation } from "./operation";

// Webhook endpoints, their delivery log, test events and replay (docs/webhooks.md).
const developer = { tag: "Developer", auth: "idToken" } as const;
const one = "/developer/webhooks/{endpointId}";

export const WEBHOOK_OPERATIONS: Operation[] = [
  {
    ...developer,
    method: "get",
    path: "/developer/webhooks",
    summary: "List webhook endpoints",
    ok: { status: 200, description: "endpoints", schema: endpointListSchema },
    errors: [...MEMBER],
  },
  {
    ...developer,
    method: "post",
    path: "/developer/webhooks",
    summary: "Add a webhook endpoint (its signing secret is shown once)",
    body: createEndpointBody,
    ok: {
      status: 201,
      description: "The endpoint with its secret",
      schema: endpointWithSecretSchema,
      headers: ["Cache-Control"],
    },
    errors: [...BODY, ...MEMBER],
  },
  {
    ...developer,
    method: "get",
    path: one,
    summary: "One webhook endpoint",
    ok: { status: 200, description: "The endpoint", schema: endpointSchema },
    errors: [...MEMBER, "NOT_FOUND"],
  },
  {
    ...developer,
    method: "patch",
    path: one,
    summary: "Change an endpoint: URL, description, events, enabled",
    body: updateEndpointBody,
    ok: { status: 200, description: "The endpoint", schema: endpointSchema },
    errors: [...BODY, ...MEMBER, "NOT_FOUND"],
  },
  {
    ...developer,
    method: "delete",
    path: one,
    summary: "Delete an endpoint and its delivery log",
    ok: { status: 200, description: "id, deleted", schema: deletedEndpointSchema },
    errors: [...MEMBER, "NOT_FOUND"],
  },
  {
    ...developer,
    method: "post",
    path: `${one}/roll-secret`,
    summary: "Roll the signing secret: a new one, the old one signing for a grace period",
    body: rollSecretBody,
    ok: {
      status: 200,
      description: "The endpoint with its new secret",
      schema: endpointWithSecretSchema,
      headers: ["Cache-Control"],
    },
    errors: [...BODY, ...MEMBER, "NOT_FOUND"],
  },
  {
    ...developer,
    method: "post",
    path: `${one}/test`,
    summary: "Send a webhook.test event to the endpoint",
    ok: { status: 202, description: "The queued event's id", schema: testEventSchema },
    errors: [...MEMBER, "NOT_FOUND", "INVALID_REQUEST", "RATE_LIMIT_EXCEEDED"],
  },
  {
    ...developer,
    method: "get",
    path: `${one}/deliveries`,
    summary: "The endpoint's delivery log, newest first",
    query: deliveriesQuery,
    ok: { status: 200, description: "One page of deliveries", schema: deliveryPageSchema },
    errors: [...MEMBER, "NOT_FOUND", "INVALID_REQUEST"],
  },
  {
    ...developer,
    method: "get",
    path: `${one}/deliveries/{deliveryId}`,
    summary: "One delivery: its payload and every attempt",
    ok: { status: 200, description: "The delivery", schema: deliveryDetailSchema },
    errors: [...MEMBER, "NOT_FOUND"],
  },
  {
    ...developer,
    method: "post",
    path: `${one}/deliveries/{deliveryId}/replay`,
    summary: "Send a delivery's event again (same event id)",
    ok: { status: 202, description: "The new delivery", schema: deliverySchema },
    errors: [...MEMBER, "NOT_FOUND", "INVALID_REQUEST", "RATE_LIMIT_EXCEEDED"],
  },
];

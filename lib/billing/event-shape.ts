// The parts of a Stripe event the webhook reads, checked before anything is applied: a signed
// event that is not what Stripe sends (only a holder of the webhook secret can make one) is a
// 400, never a 500 that Stripe would retry for days.
import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { noControlCharacters } from "@/lib/http/no-control-characters";

const noControl = (max: number) => noControlCharacters(z.string().min(1).max(max));
const ref = z.union([noControl(255), z.object({ id: noControl(255) })]).nullish();
const metadata = z.record(z.string(), z.string()).nullish();

const envelope = z.object({
  id: noControl(255),
  type: noControl(255),
  // Unix seconds; Stripe's are about 1.7e9. A value past year 2286 is no event of Stripe's.
  created: z.number().int().min(0).max(9_999_999_999),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const checkoutSession = z.object({
  client_reference_id: z.string().nullish(),
  metadata,
  customer: ref,
  subscription: ref,
});

const subscription = z.object({
  id: noControl(255),
  status: noControl(64),
  customer: ref,
  metadata,
  items: z.object({ data: z.array(z.object({ price: z.object({ id: noControl(255) }) })) }),
});

const OBJECT_OF: Record<string, z.ZodType> = {
  "checkout.session.completed": checkoutSession,
  "customer.subscription.created": subscription,
  "customer.subscription.updated": subscription,
  "customer.subscription.deleted": subscription,
};

/** Throws 400 INVALID_REQUEST naming the first field that is not as Stripe sends it. */
export function assertEventShape(event: unknown): void {
  const outer = envelope.safeParse(event);
  const inner = outer.success ? OBJECT_OF[outer.data.type]?.safeParse(outer.data.data.object) : undefined;
  const issue = !outer.success ? outer.error.issues[0] : inner && !inner.success ? inner.error.issues[0] : null;
  if (!issue) return;
  const path = [...(outer.success ? ["data", "object"] : []), ...issue.path].join(".");
  throw new ApiError("INVALID_REQUEST", `Malformed Stripe event: ${path || "body"}: ${issue.message}`);
}

// POST /developer/checkout: a Stripe Checkout session for a paid plan ({ plan: "pro" | "enterprise" } -> { id, url }).
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withMember } from "@/lib/http/with-developer";
import { checkoutBody } from "@/lib/accounts/schemas";
import { billableOf, createCheckoutSession } from "@/lib/billing/checkout";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    POST: withMember(
      "billing.manage",
      async ({ req, ip, developer, member }) => {
        const { plan } = checkoutBody.parse(await readJson(req));
        return json(await createCheckoutSession(await billableOf(member.organization.id, developer), plan, ip));
      },
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);

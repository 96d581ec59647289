// POST /developer/billing-portal: a Stripe billing-portal session ({ url }).
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withMember } from "@/lib/http/with-developer";
import { billableOf } from "@/lib/billing/checkout";
import { noBody } from "@/lib/accounts/schemas";
import { createBillingPortalSession } from "@/lib/billing/billing-portal";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    POST: withMember(
      "billing.manage",
      async ({ req, ip, developer, member }) => {
        noBody.parse(await readJson(req));
        return json(await createBillingPortalSession(await billableOf(member.organization.id, developer), ip));
      },
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);

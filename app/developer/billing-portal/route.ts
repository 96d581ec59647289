// POST /developer/billing-portal: a Stripe billing-portal session ({ url }).
import { endpoint } from "@/lib/http/endpoint";
import { json } from "@/lib/http/respond";
import { withDeveloper } from "@/lib/http/with-developer";
import { createBillingPortalSession } from "@/lib/billing/billing-portal";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: withDeveloper(async ({ ip, developer }) => json(await createBillingPortalSession(developer, ip))),
});

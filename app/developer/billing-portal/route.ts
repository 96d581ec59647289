// POST /developer/billing-portal: a Stripe billing-portal session ({ url }).
import { preflight, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { withDeveloper } from "@/lib/http/with-developer";
import { createBillingPortalSession } from "@/lib/billing/billing-portal";

export const dynamic = "force-dynamic";

export const POST = withDeveloper(async ({ ip, developer }) => json(await createBillingPortalSession(developer, ip)));
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };

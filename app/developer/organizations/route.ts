// GET and POST /developer/organizations: the signed-in account's organizations (paged); make a team one.
import { endpoint } from "@/lib/http/endpoint";
import { IDEMPOTENCY_HEADER } from "@/lib/http/idempotent";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { withDeveloper } from "@/lib/http/with-developer";
import { createOrganization, listOrganizations } from "@/lib/teams/organizations";
import { createOrganizationBody, pageQuery } from "@/lib/teams/schemas";
import { searchParamsOf } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(
  {
    GET: withDeveloper(async ({ req, developer }) =>
      json(await listOrganizations(developer.id, pageQuery.parse(searchParamsOf(req)).page)),
    ),
    POST: withDeveloper(
      async ({ req, ip, developer }) => {
        const { name } = createOrganizationBody.parse(await readJson(req));
        return json(await createOrganization(developer, name, ip), { status: 201 });
      },
      { idempotent: true },
    ),
  },
  { requestHeaders: [IDEMPOTENCY_HEADER] },
);

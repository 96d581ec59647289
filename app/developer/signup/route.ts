// POST /developer/signup: register a developer account (public).
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { signupBody } from "@/lib/accounts/schemas";
import { signUp } from "@/lib/accounts/sign-up";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: route(async ({ req, ip }) => {
    const body = signupBody.parse(await readJson(req));
    return json(await signUp(body, ip), { status: 201 });
  }),
});

// POST /developer/signup: register a developer account (public).
import { preflight, route, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { signupBody } from "@/lib/accounts/schemas";
import { signUp } from "@/lib/accounts/sign-up";

export const dynamic = "force-dynamic";

export const POST = route(async ({ req, ip }) => {
  const body = signupBody.parse(await readJson(req));
  return json(await signUp(body, ip), { status: 201 });
});
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };

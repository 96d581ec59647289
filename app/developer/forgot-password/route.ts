// POST /developer/forgot-password: mail a reset link if the address has an account (public; always 202).
import { preflight, route, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { requestPasswordReset } from "@/lib/accounts/password-reset";

export const dynamic = "force-dynamic";

export const POST = route(async ({ req, ip }) => {
  // 202 always, even for a malformed body or address; returns before the lookup and the mail,
  // so the answer never tells whether the address has an account.
  await requestPasswordReset(await readJson(req).catch(() => undefined), ip);
  return json({ message: "If an account exists for this address, we sent it a link to reset the password." }, { status: 202 });
});
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };

// POST /developer/reset-password: set a new password with a reset token (public).
import { preflight, route, methodNotAllowed } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { resetPasswordBody } from "@/lib/accounts/schemas";
import { resetPassword } from "@/lib/accounts/password-reset";

export const dynamic = "force-dynamic";

export const POST = route(async ({ req, ip }) => {
  const { token, password } = resetPasswordBody.parse(await readJson(req));
  await resetPassword(token, password, ip);
  return json({ message: "Your password has been changed; sign in with the new one. Other sessions have been signed out." });
});
export const OPTIONS = preflight;

const otherMethods = methodNotAllowed("POST");
export { otherMethods as GET, otherMethods as PUT, otherMethods as PATCH, otherMethods as DELETE };

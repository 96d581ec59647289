// POST /developer/reset-password: set a new password with a reset token (public).
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { resetPasswordBody } from "@/lib/accounts/schemas";
import { resetPassword } from "@/lib/accounts/password-reset";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: route(async ({ req, ip }) => {
    const { token, password } = resetPasswordBody.parse(await readJson(req));
    await resetPassword(token, password, ip);
    return json({
      message: "Your password has been changed; sign in with the new one. Other sessions have been signed out.",
    });
  }),
});

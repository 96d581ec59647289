// POST /developer/forgot-password: mail a reset link if the address has an account (public; always 202).
import { endpoint } from "@/lib/http/endpoint";
import { route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { forgotPasswordBody } from "@/lib/accounts/schemas";
import { requestPasswordReset } from "@/lib/accounts/password-reset";

export const dynamic = "force-dynamic";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint({
  POST: route(async ({ req, ip }) => {
    // 202 always, even for a malformed body or address (docs/api.md); returns before the lookup
    // and the mail, so the answer never tells whether the address has an account.
    const input = forgotPasswordBody.safeParse(await readJson(req).catch(() => undefined));
    if (input.success) await requestPasswordReset(input.data.email, ip);
    return json(
      { message: "If an account exists for this address, we sent it a link to reset the password." },
      { status: 202 },
    );
  }),
});

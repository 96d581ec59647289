// POST /developer/forgot-password: mail a reset link if the address has an account (public; always 202).
import { preflight, route } from "@/lib/http/handler";
import { json } from "@/lib/http/respond";
import { readJson } from "@/lib/http/read-json";
import { logger } from "@/lib/logger";
import { forgotPasswordBody } from "@/lib/accounts/schemas";
import { requestPasswordReset } from "@/lib/accounts/password-reset";

export const dynamic = "force-dynamic";

export const POST = route(async ({ req, ip, requestId }) => {
  const { email } = forgotPasswordBody.parse(await readJson(req));
  // Not awaited: the answer and its timing must not tell whether the address has an account.
  requestPasswordReset(email, ip).catch((err) =>
    logger.error("password reset request failed", { requestId, error: err instanceof Error ? err.message : String(err) }),
  );
  return json({ message: "If an account exists for this address, we sent it a link to reset the password." }, { status: 202 });
});
export const OPTIONS = preflight;

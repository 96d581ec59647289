"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { signIn } from "next-auth/react";
import { loginBody } from "@/lib/accounts/schemas";
import { useValidatedAction } from "@/components/forms/use-validated-action";
import { ValidatedForm } from "@/components/forms/validated-form";
import type { FormState } from "@/lib/actions/form-state";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";

export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  // Shown once the server says the account uses two-factor sign-in (lib/auth/options.ts).
  const [askCode, setAskCode] = useState(false);
  async function login(_prev: FormState, form: FormData): Promise<FormState> {
    const res = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      totp: String(form.get("totp") ?? ""),
      redirect: false,
    });
    if (res?.error === "TOTP_REQUIRED") {
      setAskCode(true);
      return { ok: false, message: "Enter the 6-digit code from your authenticator app, or a recovery code." };
    }
    if (!res || res.error) {
      // The same message whether the address exists or not (no enumeration).
      const message = res?.error && res.error !== "CredentialsSignin" ? res.error : "Incorrect e-mail or password.";
      return { ok: false, message };
    }
    router.replace(next);
    router.refresh();
    return { ok: true };
  }
  const form = useValidatedAction(loginBody, login);
  const { state, pending, errors } = form;
  return (
    <ValidatedForm form={form} aria-label="Sign in">
      <Field label="E-mail" name="email" type="email" autoComplete="email" required error={errors.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      {askCode ? (
        <Field
          label="Authentication code"
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
        />
      ) : null}
      <Button type="submit" pending={pending || state.ok} pendingText="Signing in…">
        Sign in
      </Button>
    </ValidatedForm>
  );
}

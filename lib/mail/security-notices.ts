import { env } from "@/lib/env";
import { compose } from "./templates";
import type { Mail } from "./send-mail";

// Mails about an account's sign-in security. They greet no one by name (a name is what a
// stranger could have typed) and carry no secret but the one-time code of codeMail.

const portal = (path: string) => new URL(path, env().APP_URL).toString();

export function codeEntryLockedMail(to: string, minutes: number): Mail {
  return compose(
    to,
    "Sign-in codes for your Vitals account are locked",
    [
      `Wrong two-factor codes were entered for your Vitals developer account, after a right password. Code entry is locked for ${minutes} minutes.`,
      "If this was not you, someone knows your password: reset it now. Resetting ends every session and lifts the lock.",
    ],
    { label: "Reset your password", href: portal("/forgot-password") },
  );
}

export function twoFactorChangedMail(to: string, on: boolean, byStaff: boolean): Mail {
  const what = on ? "turned on" : byStaff ? "turned off by our support staff" : "turned off";
  return compose(
    to,
    `Two-factor sign-in was ${on ? "turned on" : "turned off"}`,
    [
      `Two-factor sign-in was ${what} for your Vitals developer account.`,
      "If you did not ask for this, reset your password now and contact support.",
    ],
    { label: "Open your security settings", href: portal("/settings/security") },
  );
}

export function recoveryCodesRenewedMail(to: string): Mail {
  return compose(to, "New recovery codes were made", [
    "New two-factor recovery codes were made for your Vitals developer account; the old ones no longer work.",
    "If you did not do this, reset your password now and contact support.",
  ]);
}

export function signInCodeMail(to: string, code: string, minutes: number): Mail {
  return compose(to, `Your Vitals confirmation code: ${code}`, [
    `Your confirmation code is ${code}. It is valid for ${minutes} minutes, for the browser session that asked for it.`,
    "It lets a staff account set up two-factor sign-in. If you did not ask for it, someone may know your password: reset it.",
  ]);
}

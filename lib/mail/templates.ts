import { env } from "@/lib/env";
import type { Mail } from "./send-mail";

// The account mails. Links point at the portal's pages (never straight at the API), so a mail
// scanner that prefetches links changes nothing: the page calls the API from the browser.

function link(pagePath: string, token: string): string {
  const url = new URL(pagePath, env().APP_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; href: string },
): Mail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.href}`] : []), "", "- Vitals"].join("\n\n");
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
  const button = action ? `<p><a href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a></p>` : "";
  const html = `<!doctype html><html><body>${body}${button}<p>- Vitals</p></body></html>`;
  return { to, subject, text, html };
}

// No name in it: until the address is verified, the name is whatever the sign-up typed.
export function verificationMail(to: string, token: string): Mail {
  return compose(
    to,
    "Verify your e-mail address",
    [
      "Hello,",
      "Please confirm your e-mail address to activate your Vitals developer account. The link is valid for 24 hours.",
      "Signed up more than once? Use the link in the newest mail; you will then choose your password again. If you did not sign up, ignore this message.",
    ],
    { label: "Verify e-mail address", href: link("/verify", token) },
  );
}

export function signupAttemptMail(to: string): Mail {
  return compose(
    to,
    "Someone tried to sign up with your address",
    [
      "Someone just tried to create a Vitals developer account with this e-mail address, which already has an account.",
      "If it was you, sign in instead, or reset your password if you forgot it. If it was not you, you can ignore this message.",
    ],
    { label: "Sign in", href: new URL("/login", env().APP_URL).toString() },
  );
}

export function choosePasswordMail(to: string, token: string): Mail {
  return compose(
    to,
    "Choose your password",
    [
      "Your e-mail address is verified. More than one sign-up used it, so no password typed at sign-up was kept: choose yours now. The link is valid for 1 hour and works once.",
      "If it expires, use Forgot password on the sign-in page.",
    ],
    { label: "Choose your password", href: link("/reset-password", token) },
  );
}

export function passwordResetMail(to: string, token: string): Mail {
  return compose(
    to,
    "Reset your password",
    [
      "We received a request to reset the password of your Vitals developer account. The link is valid for 1 hour and works once.",
      "If you did not ask for this, ignore this message: your password stays as it is.",
    ],
    { label: "Choose a new password", href: link("/reset-password", token) },
  );
}

export function usageAlertMail(
  to: string,
  name: string,
  percent: number,
  used: number,
  limit: number,
  month: string,
): Mail {
  const full = percent >= 100;
  return compose(
    to,
    full ? `You have used all ${limit} scans of ${month}` : `You have used ${percent} % of your scans for ${month}`,
    [
      `Hello ${name},`,
      `Your account has used ${used} of its ${limit} live scans this month (${month}, UTC).`,
      full
        ? "New sessions with live keys are refused (429 QUOTA_EXCEEDED) until the quota renews on the 1st (UTC) or you upgrade your plan."
        : "When all are used, new sessions with live keys are refused until the quota renews on the 1st (UTC). Upgrade your plan to raise the quota.",
    ],
    { label: "See your usage", href: new URL("/dashboard", env().APP_URL).toString() },
  );
}

/** An invitation to an organization; the link's token is the invitation (docs/teams.md). */
export function invitationMail(to: string, role: string, token: string, days: number): Mail {
  // Nothing anyone typed: an organization's or inviter's name could be a link or a lure, and a
  // mail client makes links of text. The invitation page shows both, as plain text.
  return compose(
    to,
    "You are invited to an organization on Vitals",
    [
      `You are invited to join an organization on Vitals, as ${role}. The invitation page shows which organization and who invited you.`,
      `The link is valid for ${days} days and works once. Open it signed in with this e-mail address, or create an account with it first.`,
      "If you did not expect this, ignore this message.",
    ],
    { label: "Accept the invitation", href: link("/invitations/accept", token) },
  );
}

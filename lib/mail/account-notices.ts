import { env } from "@/lib/env";
import { compose } from "./templates";
import type { Mail } from "./send-mail";

// Mails that tell a developer what changed on their account (by support staff, or a webhook
// endpoint the service disabled). They never carry
// the staff member's reason (an internal note) or any secret; they say what changed and where to look.

const portal = (path: string) => new URL(path, env().APP_URL).toString();

export function accountApprovedMail(to: string, name: string): Mail {
  return compose(
    to,
    "Your Vitals account is approved",
    [`Hello ${name},`, "Our staff approved your developer account. You can now create API keys and start scanning."],
    {
      label: "Create an API key",
      href: portal("/keys"),
    },
  );
}

export function accountSuspendedMail(to: string, name: string): Mail {
  return compose(to, "Your Vitals account is suspended", [
    `Hello ${name},`,
    "Our staff suspended your developer account. Until it is reinstated, your API keys are refused (403 DEVELOPER_SUSPENDED); you can still sign in to the portal.",
    "If you think this is a mistake, reply to this message or contact support.",
  ]);
}

export function accountReinstatedMail(to: string, name: string): Mail {
  return compose(
    to,
    "Your Vitals account is active again",
    [`Hello ${name},`, "Our staff reinstated your developer account. Your API keys work again."],
    {
      label: "Open the dashboard",
      href: portal("/dashboard"),
    },
  );
}

export function planChangedMail(to: string, name: string, from: string, plan: string): Mail {
  return compose(
    to,
    `Your Vitals plan is now ${plan}`,
    [`Hello ${name},`, `Our staff changed your plan from ${from} to ${plan}. The new limits apply from now on.`],
    {
      label: "See your usage",
      href: portal("/dashboard"),
    },
  );
}

export function keyRevokedByStaffMail(to: string, name: string, key: { name: string; prefix: string }): Mail {
  return compose(
    to,
    "One of your API keys was revoked",
    [
      `Hello ${name},`,
      `Our staff revoked your API key "${key.name}" (${key.prefix}…). Requests with it are refused from now on (401 API_KEY_REVOKED).`,
      "Create a new key in the portal if you still need one, and contact support if you have questions.",
    ],
    { label: "Manage API keys", href: portal("/keys") },
  );
}

export function webhookDisabledMail(to: string, name: string, endpoint: { id: string; url: string }): Mail {
  return compose(
    to,
    "A webhook endpoint was disabled",
    [
      `Hello ${name},`,
      `Deliveries to ${endpoint.url} have failed for three days, so the endpoint was disabled and no more events are sent to it.`,
      "Fix the receiver, then enable the endpoint again in the portal; you can replay the failed deliveries from its log.",
    ],
    { label: "Open the endpoint", href: portal(`/webhooks/${endpoint.id}`) },
  );
}

/** Endpoints disabled because the member who answers for them was removed, left or was demoted. */
export function endpointsOfDepartedMemberMail(
  to: string,
  name: string,
  endpoints: { id: string; url: string }[],
): Mail {
  return compose(
    to,
    "Webhook endpoints were disabled",
    [
      `Hello ${name},`,
      `A member of your organization lost the right to manage webhooks (removed, left, or given another role), so the ${endpoints.length === 1 ? "endpoint they set up was" : `${endpoints.length} endpoints they set up were`} disabled and no more events are sent there:`,
      ...endpoints.map((e) => `- ${e.url}`),
      "If an endpoint should keep receiving events, check its address, then enable it again in the portal: you then answer for it.",
    ],
    { label: "Open the webhooks", href: portal("/webhooks") },
  );
}

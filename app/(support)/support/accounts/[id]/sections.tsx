import type { AccountOverview } from "@/lib/support/account-overview";
import type { StaffWebhookEndpoint } from "@/lib/support/account-webhooks";
import { day, moment } from "@/components/support/format";

// The account page's small read-only panels.

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 border-b border-slate-100 py-1.5 last:border-0 dark:border-slate-800">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-right break-all">{children}</dd>
    </div>
  );
}

export function Profile({ profile }: { profile: AccountOverview["profile"] }) {
  return (
    <dl className="text-sm">
      <Row label="Name">{profile.name}</Row>
      <Row label="Company">{profile.company ?? "—"}</Row>
      <Row label="E-mail verified">{profile.email_verified_at ? day(profile.email_verified_at) : "not yet"}</Row>
      <Row label="Role">{profile.role}</Row>
      <Row label="Two-factor sign-in">
        {profile.two_factor_since ? `on since ${day(profile.two_factor_since)}` : "off"}
      </Row>
      <Row label="Account id">
        <code className="font-mono text-xs">{profile.id}</code>
      </Row>
    </dl>
  );
}

export function Subscription({ plan, billing }: { plan: string; billing: AccountOverview["billing"] }) {
  return (
    <dl className="text-sm">
      <Row label="Plan">{plan}</Row>
      <Row label="Stripe customer">
        {billing.customer_id && billing.dashboard_url ? (
          <a
            href={billing.dashboard_url}
            target="_blank"
            rel="noreferrer"
            className="text-indigo-700 underline dark:text-indigo-300"
          >
            {billing.customer_id}
            <span className="sr-only"> (opens Stripe's dashboard)</span>
          </a>
        ) : (
          "none"
        )}
      </Row>
      <Row label="Subscription">{billing.subscription_id ?? "none"}</Row>
      <Row label="Status as last received">{billing.subscription_status ?? "—"}</Row>
      <Row label="Last Stripe event">{billing.last_event_at ? moment(billing.last_event_at) : "—"}</Row>
    </dl>
  );
}

export function StatusHistory({ events }: { events: AccountOverview["statusHistory"] }) {
  if (!events.length) return <p className="text-sm text-slate-600 dark:text-slate-400">No status change recorded.</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm" data-testid="status-history">
      {events.map((e) => (
        <li key={`${e.at.toString()}-${e.action}-${e.to ?? ""}`}>
          <span className="font-medium">
            {e.action === "developer.signup"
              ? "Signed up"
              : e.action === "developer.verify_email"
                ? "Verified e-mail"
                : e.action === "developer.totp_remove"
                  ? "Two-factor sign-in turned off"
                  : `${e.from} → ${e.to}`}
          </span>{" "}
          <span className="text-slate-600 dark:text-slate-400">
            by {e.actor} · {moment(e.at)}
          </span>
          {e.reason ? <p className="text-slate-700 dark:text-slate-300">“{e.reason}”</p> : null}
        </li>
      ))}
    </ol>
  );
}

export function WebhookEndpoints({ endpoints }: { endpoints: StaffWebhookEndpoint[] }) {
  if (!endpoints.length) return <p className="text-sm text-slate-600 dark:text-slate-400">No webhook endpoints.</p>;
  return (
    <ul className="flex flex-col gap-3 text-sm" data-testid="staff-webhooks">
      {endpoints.map((e) => (
        <li key={e.id} className="border-b border-slate-100 pb-2 last:border-0 dark:border-slate-800">
          <p className="font-mono break-all">{e.url}</p>
          <p className="text-slate-600 dark:text-slate-400">
            {e.environment} · {e.event_types.join(", ")} ·{" "}
            {e.enabled
              ? "enabled"
              : e.disabled_reason === "failing"
                ? "disabled after three days of failed deliveries"
                : "disabled by the developer"}
          </p>
          <p>
            Last 24 h: {e.last_day.succeeded} delivered, {e.last_day.failed} failed, {e.last_day.pending} waiting · last
            success {e.last_success_at ? moment(e.last_success_at) : "never"}
          </p>
        </li>
      ))}
    </ul>
  );
}

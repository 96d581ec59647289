// The events an endpoint can subscribe to (docs/webhooks.md, "Events"). `webhook.test` is sent
// only by the portal's "Send test event", to the endpoint it names, whatever it subscribes to.

export const EVENT_TYPES = ["scan.completed", "scan.failed", "usage.threshold", "key.expiring", "key.revoked"] as const;

export type EventType = (typeof EVENT_TYPES)[number] | "webhook.test";

/** Events whose payload holds vitals: health data, deleted under the privacy rules. */
export const EVENTS_WITH_VITALS: readonly EventType[] = ["scan.completed", "scan.failed"];

export const EVENT_DESCRIPTIONS: Record<(typeof EVENT_TYPES)[number], string> = {
  "scan.completed": "A scan's result: vitals with their confidence, its reference and metadata",
  "scan.failed": "A scan answered with fallback values, and why",
  "usage.threshold": "80 % and 100 % of the month's live scans used",
  "key.expiring": "An API key expires within 7 days",
  "key.revoked": "An API key was revoked",
};

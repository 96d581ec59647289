// Lets the code that queues an event wake this process's dispatcher at once instead of at its
// next poll (lib/webhooks/dispatcher.ts registers itself here; other instances poll).

let wake: (() => void) | undefined;

export function onWebhookNudge(fn: () => void): void {
  wake = fn;
}

/** Called once an event is queued; the wake-up runs after the current transaction has had time to commit. */
export function nudgeWebhookDispatcher(): void {
  if (wake) setTimeout(wake, 20).unref();
}

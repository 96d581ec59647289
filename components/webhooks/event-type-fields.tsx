import { EVENT_DESCRIPTIONS, EVENT_TYPES } from "@/lib/webhooks/event-types";
import { EVENT_FIELD } from "@/lib/actions/portal/webhook-form";

/** One checkbox per event type, each with what it reports; at least one must be ticked. */
export function EventTypeFields({ selected = [], error }: { selected?: string[]; error?: string }) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? "event-types-error" : undefined}>
      <legend className="mb-1 text-sm font-medium">Events to send (at least one)</legend>
      {EVENT_TYPES.map((type) => (
        <label key={type} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name={`${EVENT_FIELD}${type}`}
            defaultChecked={selected.includes(type)}
            className="mt-1"
          />
          <span className="min-w-0">
            <code className="font-mono font-medium">{type}</code>
            <span className="block text-slate-600 dark:text-slate-400">{EVENT_DESCRIPTIONS[type]}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id="event-types-error" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

import type { RequestLogQuery } from "@/lib/request-log/schemas";
import { buttonClass } from "@/components/ui/button-class";

const SELECT =
  "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900";

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value?: string;
  options: { value: string; label: string }[];
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select name={name} defaultValue={value ?? ""} className={SELECT}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const plain = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** A plain GET form: the filters live in the URL, so a filtered view can be shared and reloaded. */
export function RequestLogFilters({ query, keys }: { query: RequestLogQuery; keys: { id: string; label: string }[] }) {
  return (
    <form
      method="get"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      aria-label="Filter requests"
    >
      <Select
        name="key_id"
        label="Key"
        value={query.key_id}
        options={keys.map((k) => ({ value: k.id, label: k.label }))}
      />
      <Select name="status" label="Status" value={query.status} options={plain(["2xx", "3xx", "4xx", "5xx"])} />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Path starts with
        <input name="path" defaultValue={query.path ?? ""} placeholder="/sdk/session/start" className={SELECT} />
      </label>
      <Select
        name="since"
        label="Time"
        value={query.since}
        options={[
          { value: "1h", label: "Last hour" },
          { value: "24h", label: "Last 24 hours" },
          { value: "7d", label: "Last 7 days" },
          { value: "30d", label: "Last 30 days" },
        ]}
      />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Request id
        <input
          name="request_id"
          defaultValue={query.request_id ?? ""}
          placeholder="X-Request-Id"
          className={`${SELECT} w-80 font-mono`}
        />
      </label>
      <button type="submit" className={buttonClass("primary")}>
        Apply filters
      </button>
    </form>
  );
}

import { utcSecond } from "./delivery-format";

type Attempt = {
  at: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  excerpt: string | null;
};

/** Each try of a delivery, oldest first: the receiver's answer, or why there was none. */
export function DeliveryAttempts({ attempts }: { attempts: Attempt[] }) {
  if (attempts.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">Not attempted yet: it goes out within seconds.</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid="delivery-attempts">
      {attempts.map((a, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: the attempts are a fixed, time-ordered list without ids
          key={`${a.at}-${i}`}
          className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-800"
          data-testid="delivery-attempt"
        >
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <span className="font-medium">Attempt {i + 1}</span>
            <span>{utcSecond(a.at)} UTC</span>
            <span>{a.status_code === null ? "No answer" : `HTTP ${a.status_code}`}</span>
            <span className="tabular-nums">{a.duration_ms} ms</span>
          </p>
          {a.error ? <p className="mt-1 text-red-800 [overflow-wrap:anywhere] dark:text-red-300">{a.error}</p> : null}
          {a.excerpt ? (
            <pre
              className="mt-2 max-h-40 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere] dark:bg-slate-950"
              tabIndex={0}
              role="region"
              aria-label={`Response excerpt of attempt ${i + 1}`}
            >
              {a.excerpt}
            </pre>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

import { CopyButton } from "./copy-button";

/** A scrollable snippet with a copy button; scrolls inside itself so the page never does. */
export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  return (
    <figure className="min-w-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-950 dark:border-slate-800">
      <figcaption className="flex items-center justify-between gap-2 border-b border-slate-800 px-3 py-2 text-xs text-slate-300">
        <span>{label}</span>
        <CopyButton text={code} label={`Copy ${label}`} />
      </figcaption>
      <pre
        tabIndex={0}
        role="region"
        aria-label={label}
        className="overflow-x-auto p-4 text-sm leading-relaxed text-slate-100"
        data-testid={testId}
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

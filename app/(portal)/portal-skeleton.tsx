// The portal pages' loading skeleton. Each page folder opts in with its own loading.tsx, except the
// pages that answer 404 for another account's ids (webhooks): a skeleton streams a 200 first.
export default function PortalLoading() {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">Loading…</span>
      <div aria-hidden="true" className="h-8 w-48 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2">
        <div className="h-32 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
        <div className="h-32 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
      </div>
      <div aria-hidden="true" className="h-64 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

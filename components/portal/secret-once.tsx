"use client";

import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { Label } from "@/components/ui/label";

/** A key's secret, shown this one time only: we keep just its hash. */
export function SecretOnce({ label, secret, note }: { label: string; secret: string; note: string }) {
  return (
    <>
      <Alert tone="warning" title="Copy it now: you will not see it again">
        {note}
      </Alert>
      <div className="flex flex-col gap-2">
        <Label htmlFor="created-key">{label}</Label>
        <input
          id="created-key"
          readOnly
          value={secret}
          data-testid="created-key"
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm dark:border-slate-700 dark:bg-slate-950"
        />
        <div>
          <CopyButton text={secret} label="Copy API key" />
        </div>
      </div>
    </>
  );
}

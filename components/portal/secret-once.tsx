"use client";

import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { Label } from "@/components/ui/label";

/** A secret (an API key's, a webhook endpoint's), shown this one time only. */
export function SecretOnce({
  label,
  secret,
  note,
  copyLabel = "Copy API key",
}: {
  label: string;
  secret: string;
  note: string;
  copyLabel?: string;
}) {
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
          <CopyButton text={secret} label={copyLabel} />
        </div>
      </div>
    </>
  );
}

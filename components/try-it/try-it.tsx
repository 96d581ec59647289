"use client";

import { useCallback, useState } from "react";
import { startTryItAction, tryItAllowanceAction } from "@/lib/actions/portal/try-it";
import type { TryItAllowance } from "@/lib/try-it/try-it-usage";
import { VitalsApiError } from "@/sdk/src/errors";
import { Alert } from "@/components/ui/alert";
import { CodeBlock } from "@/components/ui/code-block";
import { Progress } from "@/components/ui/progress";
import { ScanElement } from "./scan-element";
import { scanSnippet } from "./scan-snippet";
import { TRY_IT_SECONDS } from "./scan-settings";

// The portal's own words for its own limit; everything else the element says itself.
const TEXTS = { errors: { codes: { TRY_IT_LIMIT_EXCEEDED: "Today's Try it scans are used up" } } };

export function TryIt({
  baseUrl,
  initialAllowance,
  active,
}: {
  baseUrl: string;
  initialAllowance: TryItAllowance;
  active: boolean;
}) {
  const [allowance, setAllowance] = useState(initialAllowance);
  const [scanned, setScanned] = useState<"camera" | "file" | null>(null);

  // The Try it token of the portal session (no key is pasted, none reaches the browser); a
  // refusal is thrown as the service's error, which the element words.
  const credential = useCallback(async () => {
    const started = await startTryItAction();
    if (started.allowance) setAllowance(started.allowance);
    if (started.ok) return started.token;
    if (!started.code) throw new Error(started.message);
    throw new VitalsApiError({ error: started.code, message: started.message, retryable: false }, { status: 429 });
  }, []);

  const refreshAllowance = useCallback(async () => {
    const fresh = await tryItAllowanceAction().catch(() => null);
    if (fresh) setAllowance(fresh);
  }, []);

  const noneLeft = allowance.remaining === 0;
  return (
    <div className="flex flex-col gap-6">
      <section
        className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        aria-label="Try it allowance"
      >
        <div data-testid="allowance">
          <p className="mb-2 text-sm">
            <span className="font-semibold tabular-nums">{allowance.remaining}</span> of {allowance.cap} Try it scans
            left today (UTC). They use real inference and are not charged to your monthly quota.
          </p>
          <Progress value={allowance.used} max={allowance.cap} label="Try it scans used today" />
        </div>
        {!active ? (
          <div className="mt-4">
            <Alert tone="warning">Your account is not active yet, so it cannot scan. The banner above says why.</Alert>
          </div>
        ) : null}
        {noneLeft ? (
          <div className="mt-4">
            <Alert tone="warning" title="No Try it scans left today">
              The {allowance.cap} scans of today are used; they renew at 00:00 UTC. Scans with your own API keys are not
              affected.
            </Alert>
          </div>
        ) : null}
      </section>
      <ScanElement
        baseUrl={baseUrl}
        disabled={!active || noneLeft}
        texts={TEXTS}
        credential={credential}
        onStage={() => setScanned(null)}
        onResult={(_, source) => {
          setScanned(source);
          void refreshAllowance();
        }}
        onError={() => void refreshAllowance()}
      />
      {scanned ? (
        <div className="min-w-0">
          <CodeBlock
            label="The code that ran this scan"
            code={scanSnippet(baseUrl, scanned, TRY_IT_SECONDS)}
            testId="scan-code"
          />
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            Here the token came from your portal session; in your app, your server mints it with a live key (API
            reference, &ldquo;Client tokens&rdquo;) and no key ever reaches the browser.
          </p>
        </div>
      ) : null}
    </div>
  );
}

"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export default function PortalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
      <Alert tone="error">
        This page could not be loaded. It is usually temporary; try again in a moment.
        {error.digest ? <span className="mt-1 block text-xs">Reference: {error.digest}</span> : null}
      </Alert>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}

import type { ReactNode } from "react";

/** The test/live choice of a new key or endpoint, each with what it means there. */
export function EnvironmentFields({ test, live, error }: { test: ReactNode; live: ReactNode; error?: string }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Environment</legend>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name="environment" value="test" defaultChecked className="mt-1" />
        <span>{test}</span>
      </label>
      <label className="flex items-start gap-2 text-sm">
        <input type="radio" name="environment" value="live" className="mt-1" />
        <span>{live}</span>
      </label>
      {error ? <p className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </fieldset>
  );
}

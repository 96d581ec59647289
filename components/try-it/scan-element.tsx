"use client";

import { useEffect, useRef } from "react";
import type { Result, ScanFailure, ScanTexts, VitalsScan } from "@/sdk/src/web/index";
import type { DeepPartial } from "@/sdk/src/web/scan/texts";
import { TRY_IT_SECONDS } from "./scan-settings";

// The Try it page's scan is <vitals-scan>, the element any developer's page uses: it loads the
// very file docs/sdk.md points at (/sdk/vitals-scan.js, left to the browser, not bundled), and
// hands the element a credential function and the page's own texts.

let registered: Promise<unknown> | undefined;
function loadElement(): Promise<unknown> {
  registered ??= import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ `${window.location.origin}/sdk/vitals-scan.js`
  );
  return registered;
}

export type ScanElementProps = {
  baseUrl: string;
  disabled: boolean;
  texts: DeepPartial<ScanTexts>;
  credential: () => Promise<string>;
  onStage: () => void;
  onResult: (result: Result, source: "camera" | "file") => void;
  onError: (failure: ScanFailure) => void;
};

export function ScanElement({ baseUrl, disabled, texts, credential, onStage, onResult, onError }: ScanElementProps) {
  const ref = useRef<VitalsScan | null>(null);
  // The latest callbacks, read by listeners attached once.
  const latest = useRef({ credential, onStage, onResult, onError });
  latest.current = { credential, onStage, onResult, onError };

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let live = true;
    void loadElement().then(() => {
      if (!live) return;
      el.texts = texts;
      el.credential = () => latest.current.credential();
    });
    const stage = () => latest.current.onStage();
    const result = (e: Event) => latest.current.onResult((e as CustomEvent<Result>).detail, el.state.source);
    const error = (e: Event) => latest.current.onError((e as CustomEvent<ScanFailure>).detail);
    el.addEventListener("vitals-stage", stage);
    el.addEventListener("vitals-result", result);
    el.addEventListener("vitals-error", error);
    return () => {
      live = false;
      el.removeEventListener("vitals-stage", stage);
      el.removeEventListener("vitals-result", result);
      el.removeEventListener("vitals-error", error);
    };
  }, [texts]);

  return (
    <vitals-scan
      ref={ref as React.Ref<HTMLElement>}
      base-url={baseUrl}
      duration={TRY_IT_SECONDS}
      include-waveform
      source="both"
      disabled={disabled}
    />
  );
}

"use client";

import { useCallback, useEffect, useReducer, useRef } from "react";
import type { CaptureEvents, CaptureOptions, CaptureSource, Result, VitalsCapture } from "@/sdk/src/web/index";

// The one place the Try it page touches the browser SDK: it loads the bundle the build puts
// in public/sdk/ (the file a developer's own page imports), runs one VitalsCapture and turns
// its events into state the page renders.

type WebSdk = typeof import("@/sdk/src/web/index");
let sdk: Promise<WebSdk> | undefined;

function loadSdk(): Promise<WebSdk> {
  // Left to the browser, not bundled: the page uses the very file docs/sdk.md tells developers to.
  sdk ??= import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ `${window.location.origin}/sdk/vitals-web.js`
  ) as Promise<WebSdk>;
  return sdk;
}

export type Phase =
  | "idle"
  | "preparing"
  | "loading-model"
  | "capturing"
  | "encoding"
  | "uploading"
  | "analysing"
  | "done"
  | "failed";
export type ScanFailure = { title: string; message: string; code?: string };
export type Regions = CaptureEvents["regions"];
export type Progress = CaptureEvents["progress"];
export type Pulse = CaptureEvents["pulse"];

export type ScanState = {
  phase: Phase;
  face: boolean | null;
  tooDark: boolean;
  tooMuch: boolean;
  progress: Progress | null;
  regions: Regions | null;
  /** The SDK's provisional live pulse while capturing (never the result). */
  pulse: Pulse | null;
  result: Result | null;
  failure: ScanFailure | null;
};

const INITIAL: ScanState = {
  phase: "idle",
  face: null,
  tooDark: false,
  tooMuch: false,
  progress: null,
  regions: null,
  pulse: null,
  result: null,
  failure: null,
};

type Action =
  | { type: "preparing" }
  | { type: "stage"; stage: Phase }
  | { type: "face"; found: boolean }
  | { type: "lighting"; tooDark: boolean }
  | { type: "motion"; tooMuch: boolean }
  | { type: "progress"; progress: Progress }
  | { type: "regions"; regions: Regions }
  | { type: "pulse"; pulse: Pulse }
  | { type: "done"; result: Result }
  | { type: "failed"; failure: ScanFailure }
  | { type: "reset" };

function reducer(s: ScanState, a: Action): ScanState {
  switch (a.type) {
    case "preparing":
      return { ...INITIAL, phase: "preparing" };
    case "stage":
      return { ...s, phase: a.stage };
    case "face":
      return { ...s, face: a.found, regions: a.found ? s.regions : null };
    case "lighting":
      return { ...s, tooDark: a.tooDark };
    case "motion":
      return { ...s, tooMuch: a.tooMuch };
    case "progress":
      return { ...s, progress: a.progress };
    case "regions":
      return { ...s, regions: a.regions };
    case "pulse":
      return { ...s, pulse: a.pulse };
    case "done":
      return { ...s, phase: "done", result: a.result, regions: null, pulse: null };
    case "failed":
      return { ...s, phase: "failed", failure: a.failure, regions: null, pulse: null };
    case "reset":
      return INITIAL;
  }
}

/** What went wrong, in words for the page; null when the scan was stopped on purpose. */
function describe(err: unknown): ScanFailure | null {
  const e = err as {
    name?: string;
    reason?: string;
    scanUsed?: boolean;
    error?: string;
    message?: string;
    body?: { message?: string };
  };
  if (e?.name === "CaptureError") {
    if (e.reason === "aborted") return null;
    if (e.reason === "not-enough-signal") {
      return {
        title: "Not enough usable signal",
        message: `${e.message}. Face a light, fill the frame with your face and keep still. ${e.scanUsed ? "This scan counted: it had started uploading." : "No scan was used."}`,
        code: "not-enough-signal",
      };
    }
    if (e.reason === "face-model")
      return { title: "The face model did not load", message: e.message ?? "", code: "face-model" };
    return { title: "The video gave no picture", message: e.message ?? "", code: e.reason };
  }
  if (e?.name === "VitalsApiError" && e.error === "TRY_IT_LIMIT_EXCEEDED") {
    return { title: "Today's Try it scans are used up", message: e.body?.message ?? "", code: e.error };
  }
  if (e?.name === "VitalsApiError")
    return { title: "The service refused the scan", message: `${e.error}: ${e.body?.message}`, code: e.error };
  return { title: "The scan failed", message: e?.message ?? String(err) };
}

export function useVitalsScan() {
  const [state, dispatch] = useReducer(reducer, INITIAL);
  const capture = useRef<VitalsCapture | null>(null);

  const run = useCallback(
    async (
      source: CaptureSource,
      options: Pick<CaptureOptions, "credential" | "baseUrl" | "durationSeconds" | "include">,
    ) => {
      try {
        const { VitalsCapture } = await loadSdk();
        const c = new VitalsCapture(source, options);
        capture.current = c;
        c.on("stage", (e) => dispatch({ type: "stage", stage: e.stage }));
        c.on("face", (e) => dispatch({ type: "face", found: e.found }));
        c.on("lighting", (e) => dispatch({ type: "lighting", tooDark: e.tooDark }));
        c.on("motion", (e) => dispatch({ type: "motion", tooMuch: e.tooMuch }));
        c.on("progress", (e) => dispatch({ type: "progress", progress: e }));
        c.on("regions", (e) => dispatch({ type: "regions", regions: e }));
        c.on("pulse", (e) => dispatch({ type: "pulse", pulse: e }));
        const result = await c.start();
        dispatch({ type: "done", result });
      } catch (err) {
        const failure = describe(err);
        dispatch(failure ? { type: "failed", failure } : { type: "reset" });
      } finally {
        capture.current = null;
      }
    },
    [],
  );

  const abort = useCallback(() => capture.current?.abort(), []);
  const preparing = useCallback(() => dispatch({ type: "preparing" }), []);
  const fail = useCallback((failure: ScanFailure) => dispatch({ type: "failed", failure }), []);
  const reset = useCallback(() => dispatch({ type: "reset" }), []);
  // Leaving the page stops the camera and the upload.
  useEffect(() => () => capture.current?.abort(), []);
  return { state, run, abort, preparing, fail, reset };
}

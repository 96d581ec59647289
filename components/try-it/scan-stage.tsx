"use client";

import { forwardRef, useState } from "react";
import { LivePulse } from "./live-pulse";
import { ProgressRing } from "./progress-ring";
import { RegionLegend, ScanOverlay } from "./scan-overlay";
import type { ScanState } from "./use-vitals-scan";

export const BUSY = new Set(["preparing", "loading-model", "capturing", "encoding", "uploading", "analysing"]);

/** The one line of live feedback, in words (screen readers hear it; the overlay is decorative). */
export function feedback(s: ScanState, source: "camera" | "file"): string {
  switch (s.phase) {
    case "preparing":
      return source === "camera" ? "Starting the camera…" : "Opening the video…";
    case "loading-model":
      return "Loading the face model…";
    case "capturing":
      if (s.face === null) return "Looking for a face…";
      if (!s.face)
        return source === "camera" ? "Face lost: look straight at the camera." : "No face in the video right now.";
      if (s.tooDark) return "Too dark: turn on a light or face a window.";
      if (s.tooMuch) return "Too much motion: hold still.";
      return "Good: hold still and breathe normally.";
    case "encoding":
      return "Building the skin-region tensor on this device…";
    case "uploading":
      return "Uploading the tensor (no video)…";
    case "analysing":
      return "Measuring…";
    case "done":
      return "Done: your result is below.";
    default:
      return source === "camera"
        ? "Press Start scan, face the camera and keep still."
        : "Pick a video of a face, then press Start scan.";
  }
}

function Check({ ok, yes, no }: { ok: boolean | null; yes: string; no: string }) {
  const tone =
    ok === null
      ? "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200"
      : ok
        ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100"
        : "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100";
  return <li className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${tone}`}>{ok === false ? no : yes}</li>;
}

type Props = { state: ScanState; source: "camera" | "file"; mirrored: boolean };

/** The preview with the regions and the progress ring over it, and the live feedback under it. */
export const ScanStage = forwardRef<HTMLVideoElement, Props>(function ScanStage({ state, source, mirrored }, ref) {
  const [aspect, setAspect] = useState("4 / 3");
  const p = state.progress;
  const capturing = state.phase === "capturing";
  return (
    <div className="min-w-0">
      {/* Kept mounted (the page holds its video element), hidden once the result replaces it. */}
      <div
        className={`relative mx-auto w-full max-w-xl overflow-hidden rounded-lg bg-slate-900 ${state.phase === "done" ? "hidden" : ""}`}
        style={{ aspectRatio: aspect }}
      >
        <video
          ref={ref}
          muted
          playsInline
          aria-label={source === "camera" ? "Camera preview" : "Video preview"}
          className={`absolute inset-0 h-full w-full ${mirrored ? "-scale-x-100" : ""}`}
          onLoadedMetadata={(e) => {
            const v = e.currentTarget;
            if (v.videoWidth && v.videoHeight) setAspect(`${v.videoWidth} / ${v.videoHeight}`);
          }}
          data-testid="preview"
        />
        <ScanOverlay regions={capturing ? state.regions : null} mirrored={mirrored} />
        {capturing && p ? (
          <div className="absolute right-2 bottom-2">
            <ProgressRing
              elapsed={p.elapsedSeconds}
              duration={p.durationSeconds}
              usable={p.usableSeconds}
              needed={p.neededSeconds}
            />
          </div>
        ) : null}
        {state.phase === "idle" || state.phase === "failed" ? (
          <p className="absolute inset-0 flex items-center justify-center p-6 text-center text-sm text-slate-200">
            {source === "camera"
              ? "The camera preview appears here."
              : "The video shows here; it is scanned frame by frame, faster than it plays."}
          </p>
        ) : null}
      </div>
      {capturing ? <LivePulse pulse={state.pulse} /> : null}
      <p role="status" aria-live="polite" className="mt-3 text-center text-sm font-medium" data-testid="feedback">
        {feedback(state, source)}
      </p>
      {capturing ? (
        <>
          <ul className="mt-2 flex flex-wrap justify-center gap-2" aria-label="Capture checks">
            <Check ok={state.face} yes={state.face === null ? "Looking for a face" : "Face found"} no="Face lost" />
            <Check ok={state.face ? !state.tooDark : null} yes="Light OK" no="Too dark" />
            <Check ok={state.face ? !state.tooMuch : null} yes="Still" no="Hold still" />
          </ul>
          {p ? (
            <p className="mt-2 text-center text-xs text-slate-600 dark:text-slate-400" data-testid="usable-seconds">
              Usable signal: {p.usableSeconds.toFixed(1)} of {p.neededSeconds.toFixed(0)} s needed
            </p>
          ) : null}
          <div className="mt-2 flex justify-center">
            <RegionLegend />
          </div>
        </>
      ) : null}
    </div>
  );
});

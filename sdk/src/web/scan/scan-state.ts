// What <vitals-scan> shows at each moment, as one state changed by one reducer: the SDK's
// events in, a plain object out (the view renders it; tests drive it without a browser).
import type { Result } from "../../types.js";
import type { CaptureEvents, CaptureStage } from "../events.js";
import type { ScanFailure } from "./scan-failure.js";
import { EN, type ScanTexts, type SourceKind } from "./texts.js";

export type Phase = "idle" | "preparing" | CaptureStage | "done" | "failed";
export type Camera = "unknown" | "granted" | "denied" | "missing";

export type ScanState = {
  phase: Phase;
  /** What the scan reads: picked before a scan, kept while it runs and after. */
  source: SourceKind;
  camera: Camera;
  face: boolean | null;
  tooDark: boolean;
  tooMuch: boolean;
  /** The device keeps too few of the camera's frames (FramePace). */
  tooSlow: boolean;
  progress: CaptureEvents["progress"] | null;
  regions: CaptureEvents["regions"] | null;
  /** The SDK's provisional live pulse while capturing (never the result). */
  pulse: CaptureEvents["pulse"] | null;
  result: Result | null;
  failure: ScanFailure | null;
};

export const INITIAL: ScanState = {
  phase: "idle",
  source: "camera",
  camera: "unknown",
  face: null,
  tooDark: false,
  tooMuch: false,
  tooSlow: false,
  progress: null,
  regions: null,
  pulse: null,
  result: null,
  failure: null,
};

export type ScanAction =
  | { type: "source"; source: SourceKind }
  | { type: "camera"; camera: Camera }
  | { type: "preparing" }
  | { type: "stage"; stage: CaptureStage }
  | { type: "face"; found: boolean }
  | { type: "lighting"; tooDark: boolean }
  | { type: "motion"; tooMuch: boolean }
  | { type: "pace"; tooSlow: boolean }
  | { type: "progress"; progress: CaptureEvents["progress"] }
  | { type: "regions"; regions: CaptureEvents["regions"] }
  | { type: "pulse"; pulse: CaptureEvents["pulse"] }
  | { type: "done"; result: Result }
  | { type: "failed"; failure: ScanFailure }
  | { type: "reset" };

/** The phases in which a scan runs: Stop is offered, the source cannot change. */
export const BUSY: ReadonlySet<Phase> = new Set([
  "preparing",
  "loading-model",
  "capturing",
  "encoding",
  "uploading",
  "analysing",
]);

export function scanReducer(s: ScanState, a: ScanAction): ScanState {
  switch (a.type) {
    case "source":
      return BUSY.has(s.phase) ? s : { ...s, source: a.source };
    case "camera":
      return { ...s, camera: a.camera };
    case "preparing":
      return { ...INITIAL, source: s.source, camera: s.camera, phase: "preparing" };
    case "stage":
      return { ...s, phase: a.stage };
    case "face":
      return { ...s, face: a.found, regions: a.found ? s.regions : null };
    case "lighting":
      return { ...s, tooDark: a.tooDark };
    case "motion":
      return { ...s, tooMuch: a.tooMuch };
    case "pace":
      return { ...s, tooSlow: a.tooSlow };
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
      return { ...INITIAL, source: s.source, camera: s.camera };
  }
}

/** The camera cannot be used: the help replaces the Start button's use for the camera. */
export const cameraBlocked = (s: ScanState) => s.camera === "denied" || s.camera === "missing";

/** The one line of live feedback, in words (screen readers hear it; the overlay is decorative). */
export function feedback(s: ScanState, t: ScanTexts = EN): string {
  const f = t.feedback;
  const camera = s.source === "camera";
  switch (s.phase) {
    case "preparing":
      return camera ? f.preparingCamera : f.preparingFile;
    case "loading-model":
      return f.loadingModel;
    case "capturing":
      if (s.face === null) return f.lookingForFace;
      if (!s.face) return camera ? f.faceLostCamera : f.faceLostFile;
      if (s.tooDark) return f.tooDark;
      if (s.tooMuch) return f.tooMuchMotion;
      if (s.tooSlow) return f.tooSlow;
      return f.good;
    case "encoding":
      return f.encoding;
    case "uploading":
      return f.uploading;
    case "analysing":
      return f.analysing;
    case "done":
      return f.done;
    case "failed":
      return f.failed;
    default:
      return camera ? f.idleCamera : f.idleFile;
  }
}

// Every word <vitals-scan> shows or says, in one place (docs/sdk.md, "The <vitals-scan>
// element"). English is built in; a page replaces any of them with the element's `texts`
// property (a partial object: what it leaves out stays English).

export type BandLevel = "high" | "moderate" | "low" | "fallback";
export type QualityReason = "motion" | "low_light" | "face_lost" | "weak_pulse" | "compression";
export type SourceKind = "camera" | "file";

export const EN = {
  sourceGroup: "What to scan",
  sourceCamera: "Camera",
  sourceFile: "Use a video file instead",
  fileLabel: "Video of a face (30 seconds or longer)",
  privacyStrong: "Your video never leaves this device.",
  privacyRest:
    "This page finds the face and builds the scan in your browser; only the skin-region tensor (four 72x72 patches of skin colour per frame, no picture of you) is uploaded.",
  start: "Start scan",
  again: "Scan again",
  stop: "Stop",
  cameraPreview: "Camera preview",
  videoPreview: "Video preview",
  placeholderCamera: "The camera preview appears here.",
  placeholderFile: "The video shows here; it is scanned frame by frame, faster than it plays.",

  cameraBlockedTitle: "Camera access is blocked",
  cameraBlockedIntro: "This site may not use your camera. To allow it:",
  cameraBlockedDesktop:
    "Desktop: click the camera or settings icon at the left of the address bar, set Camera to Allow, then reload the page.",
  cameraBlockedPhone:
    "Phone: open your browser's site settings (or the system settings for the browser), allow Camera, then reload.",
  cameraMissingTitle: "No camera found",
  cameraMissingText: "This device shows no camera to the browser. Connect one and reload, or scan a video file.",

  feedback: {
    idleCamera: "Press Start scan, face the camera and keep still.",
    idleFile: "Pick a video of a face, then press Start scan.",
    preparingCamera: "Starting the camera…",
    preparingFile: "Opening the video…",
    loadingModel: "Loading the face model…",
    lookingForFace: "Looking for a face…",
    faceLostCamera: "Face lost: look straight at the camera.",
    faceLostFile: "No face in the video right now.",
    tooDark: "Too dark: turn on a light or face a window.",
    tooMuchMotion: "Too much motion: hold still.",
    tooSlow: "This device is too busy to keep up with the camera: close other apps and tabs. The scan goes on.",
    good: "Good: hold still and breathe normally.",
    encoding: "Building the skin-region tensor on this device…",
    uploading: "Uploading the tensor (no video)…",
    analysing: "Measuring…",
    done: "Done: your result is below.",
    failed: "The scan stopped: see the message above.",
  },
  checks: "Capture checks",
  checkLooking: "Looking for a face",
  checkFace: "Face found",
  checkFaceLost: "Face lost",
  checkLight: "Light OK",
  checkDark: "Too dark",
  checkStill: "Still",
  checkMoving: "Hold still",
  usable: (usable: number, needed: number) => `Usable signal: ${usable.toFixed(1)} of ${needed.toFixed(0)} s needed`,
  progressLabel: "Capture progress",
  seconds: (s: number) => `${s} s`,
  ringOf: (s: number) => `of ${s} s`,
  progressText: (elapsed: number, duration: number, usable: number, needed: number) =>
    `${Math.round(elapsed)} of ${Math.round(duration)} seconds; ${usable.toFixed(0)} of ${needed.toFixed(0)} seconds of usable signal`,
  regionsLegend: "Regions drawn over the preview",
  regionNames: ["Forehead", "Left cheek", "Right cheek", "Whole face"],
  faceBox: "Face box",

  livePulse: "Provisional live pulse",
  livePulseTitle: "Live pulse",
  provisional: "(provisional)",
  liveWave: (seconds: number) => `Provisional pulse wave, last ${seconds} seconds`,
  liveWaveWaiting: "Provisional pulse wave, waiting for a few seconds of steady face",
  liveNote: "Estimated on this device while capturing. Your result comes from the service when the scan is done.",
  rateAbout: (bpm: number) => `about ${bpm} bpm`,
  rateNeedsFace: "needs 5 s of steady face",
  rateSoon: "rate in a few seconds",
  rateWeak: "signal too weak for a rate",
  rateSpoken: (bpm: number) => `Provisional pulse about ${bpm} beats per minute.`,

  resultTitle: "Your result",
  vitals: {
    heart_rate: ["Heart rate", "bpm"],
    respiratory_rate: ["Respiratory rate", "breaths/min"],
    hrv: ["HRV (SDNN)", "ms"],
    spo2: ["SpO2", "%"],
    systolic_bp: ["Systolic BP", "mmHg"],
    diastolic_bp: ["Diastolic BP", "mmHg"],
  },
  bands: {
    high: ["High confidence", "A reliable measurement."],
    moderate: ["Moderate confidence", "Usable; a second scan may tighten it."],
    low: [
      "Low confidence",
      "Poor lighting, motion or face detection. Face a window or a lamp, fill the frame with your face, keep still, and scan again.",
    ],
    fallback: [
      "Not a measurement",
      "Inference failed, so these are synthetic fallback values (confidence 0.0). Scan again with your face well lit and still.",
    ],
  } satisfies Record<BandLevel, [string, string]>,
  reasons: {
    motion: "You or the light moved: keep your head still and the light steady.",
    low_light: "Your face was dim: face a window or a lamp.",
    face_lost: "Your face left the frame: keep it centred and close.",
    weak_pulse: "The pulse was faint in the video: more light on your face and a closer camera help.",
    compression: "The video was compressed, which hides much of the pulse: scan with the camera, not a recorded file.",
  } satisfies Record<QualityReason, string>,
  bandsNote:
    "Confidence bands: 0.7 and above high; 0.4 to 0.7 moderate; 0.1 to 0.4 low; 0.0 means inference failed and the values are synthetic. A wellness estimate, not a medical device.",
  inferenceTook: (ms: number) => ` Inference took ${ms} ms.`,
  waveNames: { pulse: "Pulse", breathing: "Breathing" },
  traceLabel: (name: string, over: string, rate: number, gaps: string | null) =>
    `${name} waveform from the service over ${over} (${rate} samples a second)${gaps ? `, with ${gaps} left out for movement or lighting` : ""}`,
  tracesCaption: (names: string[], over: string, gaps: boolean) =>
    `The ${names.join(" and ")} waveform${names.length > 1 ? "s" : ""} the service measured over ${over}, in relative units${gaps ? "; gaps are moments of movement or changing light it left out" : ""}.`,

  errors: {
    notEnoughSignal: "Not enough usable signal",
    notEnoughSignalHelp: "Face a light, fill the frame with your face and keep still.",
    scanCounted: "This scan counted: it had started uploading.",
    noScanUsed: "No scan was used.",
    faceModel: "The face model did not load",
    source: "The video gave no picture",
    refused: "The service refused the scan",
    rateLimited: "Too many scans right now",
    rateLimitedHelp: (seconds?: number) =>
      seconds ? `Wait ${Math.ceil(seconds)} s, then scan again.` : "Wait a minute, then scan again.",
    quota: "This month's scans are used up",
    quotaHelp: "The account behind this page has no scans left this month; its owner can raise the plan.",
    token: "The scan could not start",
    tokenHelp: "This page could not get a scan token from its server. Reload and try again.",
    network: "The service could not be reached",
    networkHelp: "Check the connection, then scan again.",
    failed: "The scan failed",
    /** Titles for the service's error codes a page wants to name itself (e.g. its own limits). */
    codes: {} as Record<string, string>,
  },
};

export type ScanTexts = typeof EN;

/** English, or English with a page's replacements (one level deep: `feedback`, `errors`… merge). */
export function textsWith(overrides?: DeepPartial<ScanTexts> | null): ScanTexts {
  if (!overrides) return EN;
  const out: Record<string, unknown> = { ...EN };
  for (const [key, value] of Object.entries(overrides)) {
    const base = (EN as Record<string, unknown>)[key];
    const nested = base && typeof base === "object" && !Array.isArray(base) && value && typeof value === "object";
    out[key] = nested && !Array.isArray(value) ? { ...(base as object), ...(value as object) } : value;
  }
  return out as ScanTexts;
}

/** Texts for a `lang` attribute: English is the only language built in. */
export function textsFor(_lang: string | null, overrides?: DeepPartial<ScanTexts> | null): ScanTexts {
  return textsWith(overrides);
}

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends (...a: never[]) => unknown ? T[K] : DeepPartial<T[K]> };

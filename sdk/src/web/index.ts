// Public interface of @vitals/sdk/web: a scan from a camera or a video, in the browser.
export * from "./capture-api.js";
// <vitals-scan>: the whole scan UI in one tag (public/sdk/vitals-scan.js registers it).
export { VitalsScan, defineVitalsScan, type VitalsScanEvents } from "./scan/vitals-scan.js";
export type { ScanTexts } from "./scan/texts.js";
export type { ScanFailure } from "./scan/scan-failure.js";

// Why a scan ended without a result, in words for people: a title, what happened and what to
// do. One place for every failure <vitals-scan> explains (docs/sdk.md, "Errors" of the element).
import { EN, type ScanTexts } from "./texts.js";

export type ScanFailure = {
  title: string;
  message: string;
  /** The SDK's CaptureError reason or the service's error code, for code to switch on. */
  code?: string;
};

type Thrown = {
  name?: string;
  reason?: string;
  scanUsed?: boolean;
  error?: string;
  status?: number;
  retryAfter?: number;
  message?: string;
  body?: { message?: string };
};

/** What went wrong, in words; null when the scan was stopped on purpose (abort). */
export function describeFailure(err: unknown, t: ScanTexts = EN): ScanFailure | null {
  const e = (err ?? {}) as Thrown;
  const x = t.errors;
  if (e.name === "CaptureError") {
    if (e.reason === "aborted") return null;
    if (e.reason === "not-enough-signal") {
      const used = e.scanUsed ? x.scanCounted : x.noScanUsed;
      return { title: x.notEnoughSignal, message: `${e.message}. ${x.notEnoughSignalHelp} ${used}`, code: e.reason };
    }
    if (e.reason === "face-model") return { title: x.faceModel, message: e.message ?? "", code: e.reason };
    return { title: x.source, message: e.message ?? "", code: e.reason };
  }
  if (e.name === "VitalsApiError") {
    const code = e.error ?? "";
    const said = e.body?.message ?? e.message ?? "";
    if (x.codes[code]) return { title: x.codes[code]!, message: said, code };
    if (code === "RATE_LIMIT_EXCEEDED")
      return { title: x.rateLimited, message: `${said} ${x.rateLimitedHelp(e.retryAfter)}`.trim(), code };
    if (code === "QUOTA_EXCEEDED") return { title: x.quota, message: `${said} ${x.quotaHelp}`.trim(), code };
    return { title: x.refused, message: `${code}: ${said}`, code };
  }
  if (e.name === "VitalsNetworkError")
    return { title: x.network, message: `${e.message} ${x.networkHelp}`, code: "network" };
  if (e.name === "ScanTokenError") return { title: x.token, message: `${e.message} ${x.tokenHelp}`, code: "token" };
  return { title: x.failed, message: e.message ?? String(err) };
}

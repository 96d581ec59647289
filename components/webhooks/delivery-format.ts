import type { DeliveryRow } from "@/lib/webhooks/deliveries";

/** Unix seconds as "YYYY-MM-DD HH:MM:SS" (UTC). */
export const utcSecond = (s: number) => new Date(s * 1000).toISOString().slice(0, 19).replace("T", " ");

/** The last attempt's answer: its status code and time, or why there was none. */
export function lastResponse(d: Pick<DeliveryRow, "last_status_code" | "last_duration_ms" | "attempts">) {
  if (d.attempts === 0) return "Not sent yet";
  const code = d.last_status_code === null ? "No answer" : `HTTP ${d.last_status_code}`;
  return d.last_duration_ms === null ? code : `${code}, ${d.last_duration_ms} ms`;
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { unixSeconds } from "@/lib/time";

// The default storage driver's upload address: this app, signed per session, expiring.
function signature(sessionId: string, expires: number): string {
  const secret = env().UPLOAD_SIGNING_SECRET;
  if (!secret) throw new Error("UPLOAD_SIGNING_SECRET is not set");
  return createHmac("sha256", secret).update(`${sessionId}.${expires}`).digest("hex");
}

/** Built from APP_URL, never from the request's Host header. */
export function signedUploadUrl(sessionId: string, expiresAt: Date): string {
  const expires = unixSeconds(expiresAt);
  const url = new URL(`/upload/${sessionId}`, env().APP_URL);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("sig", signature(sessionId, expires));
  return url.toString();
}

export function isValidUploadSignature(
  sessionId: string,
  expires: string | null,
  sig: string | null,
  now: Date,
): boolean {
  if (!expires || !sig || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(sig)) return false;
  if (Number(expires) * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(sessionId, Number(expires)), "hex");
  return timingSafeEqual(expected, Buffer.from(sig, "hex"));
}

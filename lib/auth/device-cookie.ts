import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// The device cookie (OWASP's "device cookies" against lockout): a browser that signed into an
// account gets a signed cookie naming that account. Its sign-ins to that account are counted
// against the device, not against the address, so an attacker who blocks the address by
// failing on purpose does not lock its owner out of the portal (docs/api.md,
// "Brute-force protection"). It carries no secret: a hash of the address and a random id.

export const DEVICE_COOKIE = "vitals-device";
const LIFETIME_SECONDS = 180 * 24 * 3600;

const key = () => createHash("sha256").update(`device-cookie:${env().NEXTAUTH_SECRET}`).digest();
const accountTag = (email: string) => createHash("sha256").update(email).digest("base64url").slice(0, 22);
const sign = (payload: string) => createHmac("sha256", key()).update(payload).digest("base64url");

/** A Set-Cookie value for a browser that just signed into `email`. */
export function deviceCookieFor(email: string, now = new Date()): string {
  const payload = `${accountTag(email)}.${randomBytes(12).toString("base64url")}.${Math.floor(now.getTime() / 1000)}`;
  const secure = env().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${payload}.${sign(payload)}; Path=/api/auth; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** The device id the request's cookie holds for `email`, when it is genuine and not too old; else null. */
export function deviceOf(cookieHeader: string | null | undefined, email: string, now = new Date()): string | null {
  const value = /(?:^|;\s*)vitals-device=([A-Za-z0-9_.-]{1,200})/.exec(cookieHeader ?? "")?.[1];
  if (!value) return null;
  const [tag, id, issued, mac] = value.split(".");
  if (!tag || !id || !issued || !mac) return null;
  const expected = Buffer.from(sign(`${tag}.${id}.${issued}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (tag !== accountTag(email)) return null;
  if (now.getTime() / 1000 - Number(issued) > LIFETIME_SECONDS) return null;
  return id;
}

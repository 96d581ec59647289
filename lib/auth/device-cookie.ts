import { AsyncLocalStorage } from "node:async_hooks";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// The device cookie (OWASP's "device cookies" against lockout): a browser that signed into a
// verified account gets a signed cookie naming that account. Its sign-ins to that account are
// counted against the device, not against the address, so an attacker who blocks the address
// by failing on purpose does not lock its owner out (docs/api.md, "Brute-force protection").
// It names the account with its session version: a password reset, verification, "sign out
// everywhere" or a replacing sign-up ends every device cookie of the account. No secret in it.

export const DEVICE_COOKIE = "vitals-device";
const LIFETIME_SECONDS = 180 * 24 * 3600;

export type DeviceAccount = { id: string; sessionVersion: number };

const key = () => createHash("sha256").update(`device-cookie:${env().NEXTAUTH_SECRET}`).digest();
const accountTag = (a: DeviceAccount) =>
  createHash("sha256").update(`${a.id}:${a.sessionVersion}`).digest("base64url").slice(0, 22);
const sign = (payload: string) => createHmac("sha256", key()).update(payload).digest("base64url");

/** A Set-Cookie value for a browser that just signed into `account`. */
export function deviceCookieFor(account: DeviceAccount, now = new Date()): string {
  const payload = `${accountTag(account)}.${randomBytes(12).toString("base64url")}.${Math.floor(now.getTime() / 1000)}`;
  const secure = env().APP_URL.startsWith("https://") ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${payload}.${sign(payload)}; Path=/api/auth; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** Whether the request carries a device cookie at all (before the account is known). */
export const hasDeviceCookie = (cookieHeader: string | null | undefined) =>
  /(?:^|;\s*)vitals-device=/.test(cookieHeader ?? "");

/** The device id the cookie header holds for `account`, when genuine, current and not too old; else null. */
export function deviceOf(
  cookieHeader: string | null | undefined,
  account: DeviceAccount,
  now = new Date(),
): string | null {
  const value = /(?:^|;\s*)vitals-device=([A-Za-z0-9_.-]{1,200})/.exec(cookieHeader ?? "")?.[1];
  if (!value) return null;
  const [tag, id, issued, mac] = value.split(".");
  if (!tag || !id || !issued || !mac) return null;
  const expected = Buffer.from(sign(`${tag}.${id}.${issued}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (tag !== accountTag(account)) return null;
  if (now.getTime() / 1000 - Number(issued) > LIFETIME_SECONDS) return null;
  return id;
}

/**
 * The account a credentials sign-in of this request completed, written by next-auth's
 * `authorize` and read by the route wrapper once next-auth has answered, so the cookie names
 * the account that signed in, whatever else the request body held.
 */
const signedInHere = new AsyncLocalStorage<{ account?: DeviceAccount }>();

export function runSignIn<T>(fn: () => Promise<T>): { result: Promise<T>; account: () => DeviceAccount | undefined } {
  const slot: { account?: DeviceAccount } = {};
  return { result: signedInHere.run(slot, fn), account: () => slot.account };
}

/** Called by `authorize` for a verified account it signed in (unverified accounts get no device cookie). */
export function noteSignedIn(account: DeviceAccount): void {
  const slot = signedInHere.getStore();
  if (slot) slot.account = account;
}

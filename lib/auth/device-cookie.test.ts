import { describe, expect, it } from "vitest";
import { deviceCookieFor, deviceOf } from "./device-cookie";

const account = { id: "7c1b6a52-6c43-4a43-9d59-1f1d2c8e0c11", sessionVersion: 3 };
const header = (setCookie: string) => setCookie.split(";")[0]!;

describe("the device cookie", () => {
  it("names one account at one session version; anything else, altered or too old, is no device", () => {
    const t0 = new Date("2026-11-27T12:00:00Z");
    const cookie = header(deviceCookieFor(account, t0));
    const id = deviceOf(`a=b; ${cookie}; c=d`, account, t0);
    expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(header(deviceCookieFor(account, t0))).not.toBe(cookie);
    // A password reset, verification or "sign out everywhere" moves the session version on.
    expect(deviceOf(cookie, { ...account, sessionVersion: 4 }, t0)).toBeNull();
    expect(deviceOf(cookie, { ...account, id: "0b6f0d1e-0000-4000-8000-000000000000" }, t0)).toBeNull();
    const [name, value] = cookie.split("=");
    const parts = value!.split(".");
    for (const i of [0, 1, 2, 3]) {
      const altered = [...parts];
      altered[i] = `${altered[i]!.slice(0, -1)}${altered[i]!.endsWith("A") ? "B" : "A"}`;
      expect(deviceOf(`${name}=${altered.join(".")}`, account, t0), `part ${i}`).toBeNull();
    }
    expect(deviceOf(cookie, account, new Date(t0.getTime() + 181 * 24 * 3600 * 1000))).toBeNull();
    expect(deviceOf(undefined, account, t0)).toBeNull();
    expect(deviceOf("vitals-device=x.y", account, t0)).toBeNull();
  });

  it("is HttpOnly, scoped to the sign-in endpoints, SameSite=Lax", () => {
    expect(deviceCookieFor(account)).toMatch(/; Path=\/api\/auth; Max-Age=15552000; HttpOnly; SameSite=Lax$/);
  });
});

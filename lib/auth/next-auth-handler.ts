import NextAuth from "next-auth";
import { ApiError } from "@/lib/http/errors";
import { type RouteHandler, route } from "@/lib/http/handler";
import { deviceCookieFor, runSignIn } from "./device-cookie";
import { authOptions } from "./options";

const nextAuth: RouteHandler = NextAuth(authOptions);

// What next-auth cannot read (a JSON or garbled body, an action it does not know, the
// credentials callback by GET) it answers with a 500 or a plain-text page; here that is 400
// INVALID_REQUEST in the flat error body like every other endpoint (docs/api.md, "Errors").
// Anything else it throws keeps the usual mapping (a database outage is 503, the unknown 500).
const failed = (err: unknown) =>
  route(async () => {
    if (err instanceof SyntaxError || err instanceof TypeError || err === undefined) {
      throw new ApiError("INVALID_REQUEST", "The sign-in service could not read this request");
    }
    throw err;
  });

/**
 * next-auth's handler, its answers unchanged except the failures above, and a device cookie
 * (lib/auth/device-cookie.ts) on the answer to a completed credentials sign-in.
 */
export const nextAuthHandler: RouteHandler = async (req, ctx) => {
  let thrown: unknown;
  try {
    const run = runSignIn(() => nextAuth(req, ctx));
    const res = await run.result;
    const account = run.account();
    const signedIn = res.headers.getSetCookie().some((c) => c.includes("session-token=") && !c.includes("Max-Age=0"));
    if (account && res.status < 400 && signedIn) res.headers.append("Set-Cookie", deviceCookieFor(account));
    if (res.status < 400 || (res.headers.get("content-type") ?? "").includes("json")) return res;
  } catch (err) {
    thrown = err;
  }
  return failed(thrown)(req, ctx);
};

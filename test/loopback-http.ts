import { type IncomingHttpHeaders, request } from "node:http";

// Requests to a server under test from a chosen loopback source address (the server takes the
// client IP from the socket), and the portal's sign-in through next-auth's credentials flow.

export type Answer = { status: number; headers: IncomingHttpHeaders; text: string };

export const cookiesOf = (a: Answer) => (a.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!);

export function loopbackHttp(portOf: () => number) {
  /** One request from `from`. */
  function send(
    from: string,
    method: string,
    path: string,
    opts: {
      json?: unknown;
      form?: Record<string, string>;
      /** A body sent as it is, as JSON (malformed on purpose, say). */
      raw?: string;
      cookie?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer> {
    const body =
      opts.raw !== undefined
        ? opts.raw
        : opts.json !== undefined
          ? JSON.stringify(opts.json)
          : opts.form
            ? new URLSearchParams(opts.form).toString()
            : undefined;
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.json !== undefined || opts.raw !== undefined) headers["content-type"] = "application/json";
    if (opts.form) headers["content-type"] = "application/x-www-form-urlencoded";
    if (opts.cookie) headers.cookie = opts.cookie;
    return new Promise((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port: portOf(), path, method, headers, localAddress: from }, (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  /** Signs in as the portal's form does; the cookie header on success. */
  async function portalSignIn(from: string, email: string, password: string, totp?: string, device?: string) {
    const csrf = await send(from, "GET", "/api/auth/csrf");
    const jar = [...cookiesOf(csrf), ...(device ? [device] : [])];
    const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
    const form: Record<string, string> = { csrfToken, email, password, json: "true" };
    if (totp) form.totp = totp;
    const res = await send(from, "POST", "/api/auth/callback/credentials", { form, cookie: jar.join("; ") });
    const session = cookiesOf(res).find((c) => c.includes("session-token"));
    return { cookie: session ? [...jar, session].join("; ") : null, answer: res, csrfToken };
  }

  return { send, portalSignIn };
}

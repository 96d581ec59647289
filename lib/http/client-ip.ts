import { env } from "@/lib/env";

/**
 * Set by our own server (server/http-server.ts) from the socket, overwriting anything a client sent,
 * so it can be trusted. Behind a proxy (TRUST_PROXY=true) the proxy's X-Forwarded-For is used.
 */
export const CLIENT_IP_HEADER = "x-vitals-client-ip";

export function clientIp(req: Request): string {
  if (env().TRUST_PROXY) {
    const forwarded = req.headers.get("x-forwarded-for");
    // The last entry is the one our trusted proxy appended; earlier ones are client-controlled.
    const last = forwarded
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return last;
  }
  return req.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

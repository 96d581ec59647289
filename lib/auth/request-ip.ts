import { clientIp } from "@/lib/http/client-ip";

/** The client IP for a server action or next-auth callback, by the same rule as the API's (client-ip.ts). */
export function ipFromHeaders(headers: Headers | Record<string, string | string[] | undefined>): string {
  const h = new Headers();
  if (headers instanceof Headers) for (const [k, v] of headers) h.set(k, v);
  else for (const [k, v] of Object.entries(headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
  return clientIp(new Request("http://portal.local/", { headers: h }));
}

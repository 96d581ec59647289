import { clientIp } from "@/lib/http/client-ip";

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/** Headers from what next-auth or a server action hands over (a Headers or a plain record). */
export function toHeaders(headers: HeaderSource): Headers {
  if (headers instanceof Headers) return headers;
  const h = new Headers();
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
  return h;
}

/** The client IP for a server action or next-auth callback, by the same rule as the API's (client-ip.ts). */
export function ipFromHeaders(headers: HeaderSource): string {
  return clientIp(new Request("http://portal.local/", { headers: toHeaders(headers) }));
}

// Headers every answer carries, pages and API alike, set once by the server (server/http-server.ts).
// The portal holds API keys and password-reset links, so: no framing (clickjacking), no MIME
// sniffing, no full URL in the Referer sent elsewhere, and HSTS when the public address is HTTPS
// (TLS itself ends at the deployment's proxy).
export function securityHeaders(appUrl: string): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
  if (new URL(appUrl).protocol === "https:")
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

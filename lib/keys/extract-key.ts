/** The API key of a request: X-API-Key wins over Authorization: Bearer. Empty when absent. */
export function extractApiKey(req: Request): string {
  const header = req.headers.get("x-api-key");
  if (header !== null) return header.trim();
  const auth = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(.+)$/i.exec(auth.trim());
  return match ? match[1].trim() : "";
}

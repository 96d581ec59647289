// The create-key form's fields as the API's body: an optional expiry date becomes the end of
// that day (UTC) in Unix seconds, the shape createKeyBody expects.
export function keyInput(values: Record<string, string>) {
  const input: { name: string; environment: string; expires_at?: number } = {
    name: values.name ?? "",
    environment: values.environment ?? "",
  };
  if (values.expires_on) {
    const ms = Date.parse(`${values.expires_on}T23:59:59Z`);
    input.expires_at = Number.isFinite(ms) ? Math.floor(ms / 1000) : -1;
  }
  return input;
}

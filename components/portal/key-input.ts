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

export type KeyRow = {
  id: string;
  name: string;
  environment: "test" | "live";
  prefix: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  state: string;
};

export type CreatedKey = { id: string; name: string; environment: string; prefix: string; key: string; created_at: number; expires_at: number | null };

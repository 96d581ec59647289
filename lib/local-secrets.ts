import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "./env";

// Secrets a bare machine needs but nobody configured: generated once, kept in DATA_DIR,
// and exported into process.env so every part of the server reads them from one place.
const GENERATED = ["NEXTAUTH_SECRET", "UPLOAD_SIGNING_SECRET"] as const;

export async function ensureLocalSecrets(settings: Env): Promise<void> {
  const file = path.resolve(settings.DATA_DIR, "secrets.json");
  let stored: Record<string, string> = {};
  try {
    stored = JSON.parse(await readFile(file, "utf8"));
  } catch {
    stored = {};
  }
  let changed = false;
  for (const name of GENERATED) {
    if (process.env[name]) continue;
    if (!stored[name]) {
      stored[name] = randomBytes(32).toString("hex");
      changed = true;
    }
    process.env[name] = stored[name];
  }
  process.env.NEXTAUTH_URL ??= settings.APP_URL;
  if (changed) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
}

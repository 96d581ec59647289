import path from "node:path";

/** Where the embedded database lives when no DATABASE_URL is set. */
export function embeddedDbDir(dataDir: string): string {
  return path.resolve(dataDir, "pglite");
}

import { execFileSync } from "node:child_process";

// Drops the database the run created for itself (never one handed in as E2E_DATABASE_URL).
export default function globalTeardown() {
  const name = process.env.E2E_CREATED_DB;
  if (!name) return;
  const admin = new URL(process.env.TEST_ADMIN_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  try {
    execFileSync("dropdb", [
      "--force",
      "-h",
      admin.hostname,
      "-p",
      admin.port || "5432",
      "-U",
      decodeURIComponent(admin.username || "postgres"),
      name,
    ]);
  } catch (err) {
    console.warn(`could not drop ${name}: ${(err as Error).message}`);
  }
}

import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer, type AddressInfo } from "node:net";

// Settings of the e2e run, decided once by the runner and inherited by its workers through
// process.env (Playwright evaluates the config in every process).

function freePort(): number {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim());
}

function createDatabase(): string {
  const admin = new URL(process.env.TEST_ADMIN_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  const name = `vitals_e2e_${process.pid}_${Date.now()}`;
  execFileSync("createdb", [
    "-h",
    admin.hostname,
    "-p",
    admin.port || "5432",
    "-U",
    decodeURIComponent(admin.username || "postgres"),
    name,
  ]);
  process.env.E2E_CREATED_DB = name;
  admin.pathname = `/${name}`;
  return admin.toString();
}

export function e2eSettings() {
  if (!process.env.E2E_BASE_URL) {
    process.env.E2E_PORT ??= String(freePort());
    process.env.E2E_BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;
    process.env.E2E_START_SERVER = "1";
  }
  if (!process.env.E2E_DIR) {
    process.env.E2E_DIR = mkdtempSync(path.join(tmpdir(), "vitals-e2e-"));
    mkdirSync(path.join(process.env.E2E_DIR, "outbox"), { recursive: true });
  }
  process.env.E2E_OUTBOX ??= path.join(process.env.E2E_DIR, "outbox");
  // A database of the run's own, never TEST_DATABASE_URL: servers the unit and integration
  // tests started there (each with a secret of its own) could take this run's webhook deliveries.
  if (process.env.E2E_START_SERVER === "1") process.env.E2E_DATABASE_URL ??= createDatabase();
  // Every server of the run shares these, as a deployment's instances do: the support console's
  // second server on this database takes webhook deliveries too, and would otherwise fail them
  // (its own generated key cannot open the signing secrets; loopback receivers refused).
  process.env.E2E_NEXTAUTH_SECRET ??= randomBytes(32).toString("hex");
  process.env.E2E_UPLOAD_SIGNING_SECRET ??= randomBytes(32).toString("hex");
  return {
    baseURL: process.env.E2E_BASE_URL,
    port: process.env.E2E_PORT,
    dir: process.env.E2E_DIR,
    outbox: process.env.E2E_OUTBOX,
    databaseUrl: process.env.E2E_DATABASE_URL,
    startServer: process.env.E2E_START_SERVER === "1",
    sharedSettings: {
      // The webhook test's receiver listens on 127.0.0.1, which production refuses by default.
      WEBHOOK_ALLOW_LOOPBACK: "true",
      NEXTAUTH_SECRET: process.env.E2E_NEXTAUTH_SECRET!,
      UPLOAD_SIGNING_SECRET: process.env.E2E_UPLOAD_SIGNING_SECRET!,
    },
  };
}

/** A free port, found inside a test process (a child `node -e` there inherits the test runner's loaders). */
export function freePortHere(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

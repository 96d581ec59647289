// npm start: validate settings, migrate the database, start the server.
import { resetEnv } from "../lib/env";
import { drainWindowMs } from "../lib/shutdown";
import { migrate } from "./migrate";
import { ensureLocalSecrets } from "../lib/local-secrets";
import { exitUnlessInferenceBuilt, settingsOrExit } from "./startup-checks";

async function main() {
  const settings = settingsOrExit();
  exitUnlessInferenceBuilt();
  await ensureLocalSecrets(settings);
  resetEnv();
  const ran = await migrate();
  if (ran.length) console.log(`Migrations applied: ${ran.join(", ")}`);
  const { startServer } = await import("./http-server");
  const server = await startServer({ port: settings.PORT, dev: process.argv.includes("--dev") });
  // A clean exit on stop signals: open requests finish (a scan in flight included: drainWindowMs),
  // then the process ends.
  const stop = () => {
    // Webhook attempts in flight are recorded before the exit (lib/webhooks/dispatcher.ts).
    const webhooks = (globalThis as { __vitalsStopWebhooks?: () => Promise<void> }).__vitalsStopWebhooks?.();
    server.close(() => void Promise.resolve(webhooks).then(() => process.exit(0)));
    setTimeout(() => process.exit(0), drainWindowMs(settings)).unref();
    // A keep-alive connection goes idle once its answer is out: closed then, so close() can end.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 250).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  const where = settings.DATABASE_URL ? "PostgreSQL" : `embedded database in ${settings.DATA_DIR}`;
  console.log(`Ready on ${settings.APP_URL} (port ${settings.PORT}, ${where})`);
}

main().catch((err) => {
  console.error(`Start-up failed: ${(err as Error).message}`);
  process.exit(1);
});

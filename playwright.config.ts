import { defineConfig } from "@playwright/test";
import path from "node:path";
import { e2eSettings } from "./e2e/support/server";

// The portal's browser tests: the production build (npm run build first) started the way
// `npm start` starts it, on a free port, on a PostgreSQL database of the run's own (migrated by
// the start, dropped at the end), e-mail into a temporary outbox the tests read. E2E_BASE_URL points at a running
// server instead (then E2E_OUTBOX must name its outbox).
const s = e2eSettings();

// The tests that time a real camera, a real network and the real inference run one at a time
// (two at once on a 2-core machine slowed Chromium's file camera below real time and failed
// them); beside each, at most one portal file runs.
const REALTIME = /(capture|try-it|upload-while-capturing|scan-element|engines)\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // Files run side by side (each developer is its own account); tests inside a file run in order.
  workers: 2,
  projects: [
    { name: "portal", testIgnore: REALTIME },
    { name: "realtime", testMatch: REALTIME, workers: 1 },
  ],
  // In CI, a test that fails is run once more: the capture tests time a real camera and network
  // on a shared 2-core machine, and a load spike there is not a regression (a test that fails
  // twice still fails the run; Playwright reports the first failure as flaky).
  retries: process.env.CI ? 1 : 0,
  // Journeys run many axe scans and screenshots; a busy 2-core machine needs the headroom.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never" }]],
  outputDir: "test-results",
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    baseURL: s.baseURL,
    launchOptions: { executablePath: "/usr/bin/chromium" },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: s.startServer
    ? {
        command: "npx tsx server/start.ts",
        url: `${s.baseURL}/health`,
        timeout: 120_000,
        reuseExistingServer: false,
        stdout: "pipe",
        stderr: "pipe",
        env: {
          ...(process.env as Record<string, string>),
          NODE_ENV: "production",
          NEXT_TELEMETRY_DISABLED: "1",
          PORT: s.port!,
          APP_URL: s.baseURL,
          DATABASE_URL: s.databaseUrl!,
          DATA_DIR: path.join(s.dir, "data"),
          ...s.sharedSettings,
          MAIL_OUTBOX_DIR: s.outbox,
          SMTP_URL: "",
          REQUIRE_APPROVAL: "false",
          // The embedded default's in-memory window: the dashboard's hourly figure must read the
          // very window the SDK routes count in (a per-bundle copy once showed 0).
          RATE_LIMIT_STORE: "memory",
          STRIPE_SECRET_KEY: "",
        },
      }
    : undefined,
});

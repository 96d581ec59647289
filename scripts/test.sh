#!/usr/bin/env bash
# npm test: unit and integration tests on PostgreSQL, a smoke test of the embedded default,
# then the browser tests. Needs the PostgreSQL server at TEST_ADMIN_DATABASE_URL
# (default postgresql://postgres@127.0.0.1:5432/postgres).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

echo "== format and lint (Biome)"
npx biome check .

echo "== production build: inference package and app (the server tests run against it)"
npm run -s build >/dev/null

echo "== unit and integration tests (PostgreSQL)"
npx vitest run

echo "== smoke test: embedded database, no DATABASE_URL"
bash scripts/smoke-embedded.sh

if [ -f playwright.config.ts ] && [ -z "${SKIP_E2E:-}" ]; then
  echo "== browser tests (Chromium, PostgreSQL)"
  npx playwright test
fi

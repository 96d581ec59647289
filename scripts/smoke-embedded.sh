#!/usr/bin/env bash
# Starts the built app on the embedded database (no DATABASE_URL) and checks it serves.
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(mktemp -d)
port=${SMOKE_PORT:-3199}
log="$data/server.log"
env -u DATABASE_URL DATA_DIR="$data" PORT=$port APP_URL="http://localhost:$port" npx tsx scripts/start.ts >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 60); do
  curl -sf "http://localhost:$port/health" >/dev/null 2>&1 && break
  sleep 1
done
fail() { echo "smoke: $1"; cat "$log"; exit 1; }
health=$(curl -s "http://localhost:$port/health") || fail "server did not start"
[ "$health" = '{"status":"ok","database":"up"}' ] || fail "health said: $health"
code=$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:$port/no-such-path")
[ "$code" = 404 ] || fail "unknown path gave $code"
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://localhost:$port/sdk/session/start")
[ "$code" = 401 ] || [ "$code" = 404 ] || fail "session start without a key gave $code"
[ -d "$data/pglite" ] || fail "embedded database was not created in DATA_DIR"
echo "smoke: embedded default serves (health, 404, $code without a key)"

#!/usr/bin/env bash
# Starts the built app on the embedded database (no DATABASE_URL) and checks it serves.
set -euo pipefail
cd "$(dirname "$0")/.."
data=$(mktemp -d)
port=$(node -e 'const s = require("net").createServer(); s.listen(0, () => { console.log(s.address().port); s.close(); })')
log="$data/server.log"
# Its own session and process group, so stopping it can never signal this script's group.
env -u DATABASE_URL DATA_DIR="$data" PORT="$port" APP_URL="http://localhost:$port" \
  setsid node_modules/.bin/tsx server/start.ts >"$log" 2>&1 &
pid=$!
trap 'kill -- -$pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT
fail() { echo "smoke: $1"; cat "$log"; exit 1; }
for _ in $(seq 1 90); do
  kill -0 "$pid" 2>/dev/null || fail "server exited"
  curl -sf "http://localhost:$port/health" >/dev/null 2>&1 && break
  sleep 1
done
health=$(curl -s "http://localhost:$port/health") || fail "server did not start"
[ "$health" = '{"status":"ok","database":"up","redis":"not configured","inference":{"mode":"pool"}}' ] || fail "health said: $health"
code=$(curl -s -o /dev/null -w '%{http_code}' "http://localhost:$port/no-such-path")
[ "$code" = 404 ] || fail "unknown path gave $code"
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://localhost:$port/sdk/session/start")
[ "$code" = 401 ] || fail "session start without a key gave $code"
[ -d "$data/pglite" ] || fail "embedded database was not created in DATA_DIR"
email="smoke-$port@example.com"
code=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://localhost:$port/developer/signup" \
  -H 'Content-Type: application/json' -d "{\"email\":\"$email\",\"password\":\"smoke-test-Passw0rd!\",\"name\":\"Smoke\"}")
[ "$code" = 201 ] || [ "$code" = 202 ] || fail "sign-up gave $code"
echo "smoke: embedded default serves on port $port (health, 404, 401 without a key, sign-up)"
# The account tool on the same data once the server is stopped (PGlite serves one process):
# it must change the account and exit, not hold the embedded database open.
kill -- -$pid 2>/dev/null || true
wait $pid 2>/dev/null || true
out=$(env -u DATABASE_URL DATA_DIR="$data" timeout 20 node_modules/.bin/tsx scripts/account.ts status "$email" active 2>&1) ||
  fail "account tool failed or did not exit within 20 s: $out"
[ "$out" = "$email: status pending -> active" ] || fail "account tool said: $out"
echo "smoke: the account tool changed the account and exited"

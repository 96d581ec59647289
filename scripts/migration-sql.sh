#!/usr/bin/env bash
# Prints the SQL migration that takes the database from one Prisma schema to another.
#
#   npm run -s db:diff > prisma/migrations/<timestamp>_<name>/migration.sql
#   bash scripts/migration-sql.sh [FROM [TO]]
#
# FROM: a schema file, a git revision (its prisma/schema.prisma; default HEAD), or --empty.
# TO:   a schema file (default prisma/schema.prisma). PostgreSQL only.
#
# `prisma migrate diff` needs Prisma's native schema engine, which Prisma downloads on first use
# and cannot download offline; Prisma 7 (this repository's CLI) has no other engine for migrate.
# Prisma 6 can run its schema engine's WebAssembly build against an in-memory PGlite instead.
# Those helpers, pinned with integrity hashes in scripts/migration-sql/package-lock.json, are
# installed from the npm registry on first use into node_modules/.cache/migration-sql
# (MIGRATION_SQL_CACHE to put them elsewhere); nothing else is downloaded.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
pins="$root/scripts/migration-sql"
cache=${MIGRATION_SQL_CACHE:-$root/node_modules/.cache/migration-sql}

from=${1:-HEAD}
to=${2:-$root/prisma/schema.prisma}
[ -r "$to" ] && [ ! -d "$to" ] || { echo "migration-sql: no schema file $to" >&2; exit 2; }

# Prisma 6 wants a url in the datasource block; Prisma 7 schemas have none.
with_url() {
  sed -E '/^\s*datasource\s+\w+\s*\{/,/\}/{/^\s*url\s*=/d;s/^(\s*provider\s*=.*)$/\1\n  url = env("DATABASE_URL")/}'
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "$from" = "--empty" ]; then
  from_args=(--from-empty)
else
  if [ -r "$from" ] && [ ! -d "$from" ]; then
    with_url < "$from" > "$work/from.prisma"
  elif git -C "$root" rev-parse -q --verify "$from^{commit}" >/dev/null; then
    git -C "$root" show "$from:prisma/schema.prisma" | with_url > "$work/from.prisma"
  else
    echo "migration-sql: $from is neither a schema file nor a git revision" >&2; exit 2
  fi
  from_args=(--from-schema-datamodel "$work/from.prisma")
fi
with_url < "$to" > "$work/schema.prisma"

# Install the pinned helpers once (again whenever the lock file changes).
stamp=$(sha256sum "$pins/package-lock.json" | cut -c1-16)
if [ ! -f "$cache/.ready-$stamp" ]; then
  echo "migration-sql: installing the pinned Prisma 6 helpers into $cache (once)" >&2
  mkdir -p "$(dirname "$cache")"
  fresh=$(mktemp -d "$(dirname "$cache")/.migration-sql.XXXXXX")
  cp "$pins/package.json" "$pins/package-lock.json" "$fresh/"
  (cd "$fresh" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2) ||
    { rm -rf "$fresh"; echo "migration-sql: npm ci of the helpers failed" >&2; exit 2; }
  touch "$fresh/.ready-$stamp"
  if [ -f "$cache/.ready-$stamp" ]; then rm -rf "$fresh"; else rm -rf "$cache" && mv "$fresh" "$cache"; fi
fi

cat > "$work/prisma.config.ts" <<'TS'
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { defineConfig } from "prisma/config";
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "schema.prisma",
  adapter: async () => new PrismaPGlite(new PGlite()),
});
TS
# The config's imports resolve from the helpers' node_modules.
ln -s "$cache/node_modules" "$work/node_modules"

cd "$work"
if ! DATABASE_URL=postgresql://offline@127.0.0.1/offline PRISMA_SCHEMA_ENGINE_BINARY=/bin/true \
  PRISMA_QUERY_ENGINE_LIBRARY=/bin/true PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1 \
  "$cache/node_modules/.bin/prisma" migrate diff "${from_args[@]}" --to-schema-datamodel schema.prisma \
  --script > "$work/out.sql" 2> "$work/err.log"; then
  cat "$work/err.log" >&2
  exit 1
fi
# Drop Prisma's "Loaded Prisma config" line and squeeze blank lines.
sed '/^Loaded Prisma config/d' "$work/out.sql" | cat -s

#!/usr/bin/env bash
# Runs a command with another Node.js release first on the PATH:
#
#   bash scripts/with-node.sh 24.21.0 npx vitest run
#
# The binary comes from the npm registry (the `node-<os>-<arch>` package the `node` package
# itself installs, fetched with `npm pack`, whose integrity npm checks) and is kept in
# node_modules/.cache/node-<version>-<os>-<arch>/ (NODE_CACHE_DIR to put it elsewhere), so only
# the first run downloads it (~50 MB). Child processes (vitest's workers, npx, tsx) run on it too.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 VERSION COMMAND [ARGS...]" >&2; exit 2; }
version=$1; shift
root=$(cd "$(dirname "$0")/.." && pwd)
case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "with-node: unsupported OS $(uname -s)" >&2; exit 2 ;; esac
case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) echo "with-node: unsupported CPU $(uname -m)" >&2; exit 2 ;; esac
pkg="node-$os-$arch"
dir=${NODE_CACHE_DIR:-$root/node_modules/.cache}/node-$version-$os-$arch

if [ "$("$dir/bin/node" --version 2>/dev/null)" != "v$version" ]; then
  echo "with-node: fetching $pkg@$version from the npm registry into $dir" >&2
  mkdir -p "$(dirname "$dir")"
  tmp=$(mktemp -d "$(dirname "$dir")/.node-$version.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "$pkg@$version" >/dev/null)
  tar -xzf "$tmp/$pkg-$version.tgz" -C "$tmp" package/bin/node package/LICENSE
  [ "$("$tmp/package/bin/node" --version)" = "v$version" ] || { echo "with-node: $pkg@$version does not run here" >&2; exit 1; }
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
  rm -rf "$tmp"
  trap - EXIT
fi
PATH="$dir/bin:$PATH" exec "$@"

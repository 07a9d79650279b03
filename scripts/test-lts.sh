#!/usr/bin/env bash
# npm run test:lts: the whole suite on Node 22, the LTS line the container image runs
# (the npm registry ships Node binaries as the `node` package). The binary is installed under a
# world-readable folder, because a test starts the service as an ordinary user.
set -euo pipefail
cd "$(dirname "$0")/.."
LTS="${NODE_LTS:-22}"
PREFIX="${NODE_LTS_PREFIX:-/tmp/product-intelligence-node-$LTS}"
if [ ! -x "$PREFIX/node_modules/.bin/node" ]; then
  mkdir -p "$PREFIX"
  chmod 755 "$PREFIX"
  npm install --prefix "$PREFIX" --no-save --no-audit --no-fund "node@$LTS" >&2
fi
export PATH="$PREFIX/node_modules/.bin:$PATH"
echo "Running the suite on Node $(node -v)" >&2
npm test "$@"

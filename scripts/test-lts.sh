#!/usr/bin/env bash
# npm run test:lts: on Node 22, the LTS line the container image runs (the npm registry ships
# Node binaries as the `node` package), what can differ between Node versions. The binary is
# installed under a world-readable folder, because a test starts the service as an ordinary user.
#
# `npm test` on Node 20 runs everything; this pass runs only what depends on the Node that runs
# it, not again what depends only on the sources:
#   - not the lint, type check, layering check or build: ESLint, Prettier, tsc (which `nest
#     build` runs) and dependency-cruiser are pure functions of the sources, the same whichever
#     Node runs them, and install.e2e-spec checks that none of them refuses Node 22; the build
#     of `npm test` is used (built again only if a source is newer: a second build cost CI
#     half a minute and gave the same files);
#   - unit tests of code that leans on what ships inside Node: Unicode normalisation and
#     property escapes in name resolution (src/names/, Node's ICU), Intl formatting and argon2's
#     native addon (src/dashboard/), zlib and brotli (src/common/compression), Node's own
#     request and response classes, which the HTTP adapter builds its own on
#     (src/common/service-http-adapter);
#   - the install (install.e2e-spec: no dependency refuses the Node that runs it);
#   - the built server as a process (process.e2e-spec: signals, a graceful shutdown, JSON logs,
#     the heap V8 gives --max-old-space-size=160), the CLI (cli-help, resolve-command:
#     commander, a catalog streamed into COPY);
#   - not the embedded default (embedded-database, embedded-default.e2e-spec): the image always
#     uses DATABASE_URL and ships without embedded-postgres (Dockerfile), so on Node 22 it would
#     test what no installation runs, at a third of this pass's time;
#   - one smoke of each way in, ESM loading of the whole app included: HTTP (lookup.e2e-spec)
#     and MCP (mcp-tools and mcp-refusals.e2e-spec), against the real servers test/setup starts
#     (test-servers).
# The rest (resolution quality, catalog imports, the dashboard in a browser, quotas, fuzzing…)
# tests the sources' logic against PostgreSQL, Redis and Chromium, none of which changes with
# Node, through the same paths as the files above: running it again repeated the Node 20 run
# and doubled the CI time. Extra arguments go to jest (e.g. another file to run as well).
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
echo "Running what can differ between Node versions on Node $(node -v)" >&2
node scripts/build.mjs --if-stale >&2
node --experimental-vm-modules --disable-warning=ExperimentalWarning node_modules/jest/bin/jest.js \
  src/names/ src/dashboard/ src/common/compression src/common/service-http-adapter \
  test/install.e2e-spec.ts test/process.e2e-spec.ts \
  test/cli-help.e2e-spec.ts test/resolve-command.e2e-spec.ts \
  test/lookup.e2e-spec.ts test/mcp-tools.e2e-spec.ts test/mcp-refusals.e2e-spec.ts \
  test/test-servers.e2e-spec.ts "$@"

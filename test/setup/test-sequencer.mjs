// Jest runs the slowest files first, so that no long file starts last while the other workers
// sit idle, but it knows which are slow only from an earlier run on the same machine (its
// cache). A clean clone (CI) has none, and Jest then starts the biggest files first, which are
// not the slowest: the resolution gates are short files that import 20,000-product catalogs.
// So a file Jest has no time for gets its time from this table: each file's time in one run of
// the whole suite from a clean clone, on two cores (2026-12-02, `npm test -- --json` gives
// each file's start and end), the 45 slowest; a file not in it counts as quick (a second).
import Sequencer from '@jest/test-sequencer';

/** Seconds per file, the slowest ones (a rough order is all that matters). */
const MEASURED = {
  'test/backup-restore.e2e-spec.ts': 201,
  'test/catalog-publish.e2e-spec.ts': 161,
  'test/resolution-realnames.e2e-spec.ts': 121,
  'test/offer-ownership.e2e-spec.ts': 98,
  'test/dashboard.e2e-spec.ts': 85,
  'test/import-safety.e2e-spec.ts': 79,
  'test/dashboard-browser.e2e-spec.ts': 77,
  'test/sign-in-burst.e2e-spec.ts': 68,
  'test/process.e2e-spec.ts': 61,
  'test/first-start.e2e-spec.ts': 58,
  'test/embedded-default.e2e-spec.ts': 56,
  'test/catalog-commands.e2e-spec.ts': 55,
  'test/resolution-eval.e2e-spec.ts': 51,
  'test/resolution-listings.e2e-spec.ts': 49,
  'test/catalog-formats.e2e-spec.ts': 48,
  'test/offers-feed.e2e-spec.ts': 44,
  'test/catalog-import.e2e-spec.ts': 43,
  'test/database-outage.e2e-spec.ts': 43,
  'test/asked-names.e2e-spec.ts': 41,
  'test/quota.e2e-spec.ts': 38,
  'test/compose-topology.e2e-spec.ts': 37,
  'test/dashboard-chart-browser.e2e-spec.ts': 35,
  'test/trust-proxy.e2e-spec.ts': 33,
  'test/resolve-command.e2e-spec.ts': 31,
  'test/keys.e2e-spec.ts': 30,
  'test/demo-seeding.e2e-spec.ts': 29,
  'src/catalog/catalog-line.parse.spec.ts': 27,
  'test/browse.e2e-spec.ts': 27,
  'test/catalog-temp-folders.e2e-spec.ts': 26,
  'test/cli-help.e2e-spec.ts': 25,
  'test/catalog-validation.e2e-spec.ts': 24,
  'test/candidate-index.e2e-spec.ts': 24,
  'test/read-replicas.e2e-spec.ts': 23,
  'test/lookup-cache.e2e-spec.ts': 23,
  'test/stored-answers.e2e-spec.ts': 22,
  'test/layering.e2e-spec.ts': 21,
  'test/health.e2e-spec.ts': 18,
  'test/catalog-derived.e2e-spec.ts': 17,
  'test/readme.e2e-spec.ts': 17,
  'test/reference-browser.e2e-spec.ts': 17,
  'test/dashboard-names.e2e-spec.ts': 15,
  'test/quota-instances.e2e-spec.ts': 15,
  'test/mcp-inspector.e2e-spec.ts': 14,
  'test/fuzz.e2e-spec.ts': 13,
  'tools/generator/realistic.spec.ts': 12,
};

export default class SlowestFirst extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const relative = test.path.slice(test.context.config.rootDir.length + 1);
    return MEASURED[relative] ?? 1;
  }
}

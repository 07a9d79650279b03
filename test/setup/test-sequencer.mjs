// Jest runs the slowest files first, so that no long file starts last while the other workers
// sit idle, but it knows which are slow only from an earlier run on the same machine (its
// cache). A clean clone (CI) has none, and Jest then starts the biggest files first, which are
// not the slowest: the resolution gates are short files that import 20,000-product catalogs.
// So a file Jest has no time for gets its time from this table, measured on two cores (one
// worker, 2026-11-26; backup-restore and offers-feed again on 2026-11-29, when they grew); a file
// that is not in it counts as quick (a second).
import Sequencer from '@jest/test-sequencer';

/** Seconds per file, the slowest ones (a rough order is all that matters). */
const MEASURED = {
  'test/resolution-realnames.e2e-spec.ts': 81,
  'test/resolution-listings.e2e-spec.ts': 60,
  'test/dashboard-browser.e2e-spec.ts': 75,
  'test/resolution-eval.e2e-spec.ts': 50,
  'test/embedded-default.e2e-spec.ts': 40,
  'test/backup-restore.e2e-spec.ts': 73,
  'test/catalog-formats.e2e-spec.ts': 20,
  'test/offers-feed.e2e-spec.ts': 60,
  'test/barcodes.e2e-spec.ts': 10,
  'test/dashboard.e2e-spec.ts': 39,
  'test/import-safety.e2e-spec.ts': 34,
  'test/first-start.e2e-spec.ts': 31,
  'test/resolve-command.e2e-spec.ts': 30,
  'tools/generator/catalog-generator.spec.ts': 29,
  'test/database-outage.e2e-spec.ts': 27,
  'test/keys.e2e-spec.ts': 27,
  'test/dashboard-chart-browser.e2e-spec.ts': 26,
  'test/catalog-publish.e2e-spec.ts': 35,
  'test/catalog-import.e2e-spec.ts': 24,
  'test/layering.e2e-spec.ts': 23,
  'test/process.e2e-spec.ts': 23,
  'tools/generator/realistic.spec.ts': 23,
  'test/sign-in-burst.e2e-spec.ts': 30,
  'test/compose-topology.e2e-spec.ts': 21,
  'test/quota-instances.e2e-spec.ts': 21,
  'test/quota.e2e-spec.ts': 19,
  'test/catalog-validation.e2e-spec.ts': 17,
  'test/catalog-commands.e2e-spec.ts': 17,
  'test/readme.e2e-spec.ts': 17,
  'test/mcp-inspector.e2e-spec.ts': 15,
  'test/trust-proxy.e2e-spec.ts': 15,
  'test/demo-seeding.e2e-spec.ts': 14,
  'test/reference-browser.e2e-spec.ts': 14,
  'test/lookup-cache.e2e-spec.ts': 12,
  'test/catalog-temp-folders.e2e-spec.ts': 9,
  'test/read-replicas.e2e-spec.ts': 12,
  'test/auth.e2e-spec.ts': 11,
  'src/catalog/id-hash-set.spec.ts': 11,
  'test/health.e2e-spec.ts': 10,
  'test/http-errors.e2e-spec.ts': 10,
  'test/docs.e2e-spec.ts': 8,
  'test/install.e2e-spec.ts': 1,
};

export default class SlowestFirst extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const relative = test.path.slice(test.context.config.rootDir.length + 1);
    return MEASURED[relative] ?? 1;
  }
}

// Jest runs the slowest files first, so that no long file starts last while the other workers
// sit idle, but it knows which are slow only from an earlier run on the same machine (its
// cache). A clean clone (CI) has none, and Jest then starts the biggest files first, which are
// not the slowest: the resolution gates are short files that import 20,000-product catalogs.
// So a file Jest has no time for gets its time from this table: each file's time in one run of
// the whole suite from a clean clone, on two cores (2026-11-29, `bash .ci/run`), the 45 slowest;
// a file that is not in it counts as quick (a second).
import Sequencer from '@jest/test-sequencer';

/** Seconds per file, the slowest ones (a rough order is all that matters). */
const MEASURED = {
  'test/backup-restore.e2e-spec.ts': 101,
  // offers-feed's 100 s, split in two files (2026-12-01): commands and a server, the feed alone.
  'test/offer-ownership.e2e-spec.ts': 55,
  'test/offers-feed.e2e-spec.ts': 45,
  'test/resolution-realnames.e2e-spec.ts': 82,
  'test/catalog-publish.e2e-spec.ts': 69,
  'test/import-safety.e2e-spec.ts': 65,
  'test/catalog-formats.e2e-spec.ts': 58,
  'test/resolution-eval.e2e-spec.ts': 52,
  'test/resolution-listings.e2e-spec.ts': 51,
  'test/catalog-import.e2e-spec.ts': 47,
  'test/sign-in-burst.e2e-spec.ts': 47,
  'test/dashboard.e2e-spec.ts': 45,
  'test/catalog-commands.e2e-spec.ts': 43,
  'test/embedded-default.e2e-spec.ts': 43,
  'test/database-outage.e2e-spec.ts': 40,
  'test/keys.e2e-spec.ts': 33,
  'tools/generator/catalog-generator.spec.ts': 30,
  'test/resolve-command.e2e-spec.ts': 28,
  'test/asked-names.e2e-spec.ts': 28,
  'test/quota.e2e-spec.ts': 28,
  'test/dashboard-browser.e2e-spec.ts': 26,
  'test/process.e2e-spec.ts': 25,
  'test/first-start.e2e-spec.ts': 22,
  'src/catalog/catalog-line.parse.spec.ts': 22,
  'test/demo-seeding.e2e-spec.ts': 21,
  'test/catalog-derived.e2e-spec.ts': 20,
  'test/stored-answers.e2e-spec.ts': 18,
  'test/read-replicas.e2e-spec.ts': 17,
  'test/compose-topology.e2e-spec.ts': 17,
  'test/lookup-cache.e2e-spec.ts': 17,
  'tools/generator/realistic.spec.ts': 16,
  'test/dashboard-chart-browser.e2e-spec.ts': 15,
  'test/catalog-validation.e2e-spec.ts': 15,
  'test/layering.e2e-spec.ts': 15,
  'test/health.e2e-spec.ts': 15,
  'test/trust-proxy.e2e-spec.ts': 14,
  'test/dashboard-names.e2e-spec.ts': 14,
  'test/catalog-temp-folders.e2e-spec.ts': 14,
  'test/cli-help.e2e-spec.ts': 13,
  'test/barcodes.e2e-spec.ts': 13,
  'test/quota-instances.e2e-spec.ts': 12,
  'test/fuzz.e2e-spec.ts': 11,
  'test/readme.e2e-spec.ts': 11,
  'test/typescript-client.e2e-spec.ts': 11,
  'test/answer-keys.e2e-spec.ts': 10,
  'test/demo-assessments.e2e-spec.ts': 9,
  'test/auth.e2e-spec.ts': 9,
  'src/names/typos.spec.ts': 9,
};

export default class SlowestFirst extends Sequencer {
  time(test) {
    const cached = super.time(test);
    if (cached !== undefined) return cached;
    const relative = test.path.slice(test.context.config.rootDir.length + 1);
    return MEASURED[relative] ?? 1;
  }
}

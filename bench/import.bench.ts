import { mkdtemp, rm, chmod, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { ensureCatalogFile } from './lib/catalog-file.js';
import { ensureCatalogForms } from './lib/catalog-forms.js';
import { runNode } from './lib/processes.js';
import { projectRoot } from '../src/config/project-root.js';

// npm run bench:import -- [--products 1000000] [--seed 1] [--forms jsonl,json,csv]
//                          [--style families|realistic]
// Generates a catalog (cached under bench/out), starts a disposable embedded PostgreSQL,
// runs the real `catalog:import --replace` command against it, once for each form of the same
// products (JSON Lines, a JSON array, CSV with review and offer files), and reports each one's
// wall time, its ratio to JSON Lines in the same run, and the command's peak resident memory
// (VmHWM, sampled from /proc).
// With --reference DIR (another checkout, built), it imports the JSON Lines file with this
// build and that one in turn, --pairs times in the order this, that, that, this, …, each into
// a fresh database its own build migrates, and reports the ratio of their times: this
// machine's speed moves more between hours than a change does, and a goal met by one build
// is judged for another by their ratio in the same run.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    forms: { type: 'string', default: 'jsonl' },
    /** families (the generator's default) or realistic (names as real catalogs write them). */
    style: { type: 'string', default: 'families' },
    /** Another checkout's root, built: imported in turn with this one. */
    reference: { type: 'string' },
    pairs: { type: 'string', default: '2' },
  },
});
const forms = values.forms.split(',');
const products = Number(values.products);

const pairs = Number(values.pairs);
if (!Number.isInteger(pairs) || pairs < 1)
  throw new Error(`--pairs: a whole number from 1, not ${values.pairs}`);
if (values.reference !== undefined && values.forms !== 'jsonl')
  throw new Error('--reference imports JSON Lines only: leave --forms out');
if (values.style !== 'families' && values.style !== 'realistic')
  throw new Error(`--style: families or realistic, not ${values.style}`);
const file = await ensureCatalogFile(products, Number(values.seed), values.style);
const other = forms.some((form) => form !== 'jsonl') ? await ensureCatalogForms(file) : undefined;
const argsOf: Record<string, string[]> = {
  jsonl: [file],
  json: other ? [other.json] : [],
  jsonld: other ? [other.jsonld, '--format', 'jsonld'] : [],
  csv: other
    ? [other.csv.products, '--reviews', other.csv.reviews, '--offers', other.csv.offers]
    : [],
};

/**
 * `work` against a disposable embedded PostgreSQL that `migrated` has migrated and that logs
 * every statement over a second (the breakdown of the load).
 */
async function withDatabase<T>(
  migrated: (url: string) => Promise<unknown>,
  work: (env: NodeJS.ProcessEnv) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pi-bench-'));
  await chmod(dataDir, 0o755);
  const database = await EmbeddedDatabase.start({
    dataDir: path.join(dataDir, 'data'),
    port: 55433,
    log: (line) => {
      const match = /duration: ([\d.]+) ms\s+statement: (.{0,90})/s.exec(line);
      if (match)
        console.error(
          `  postgres: ${(Number(match[1]) / 1000).toFixed(1)} s  ${match[2]!.replace(/\s+/g, ' ')}`,
        );
    },
  });
  try {
    await migrated(database.url);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('ALTER SYSTEM SET log_min_duration_statement = 1000');
    await admin.query('SELECT pg_reload_conf()');
    await admin.end();
    return await work({ ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const { size } = await stat(file);
const shape = { products, fileMb: Math.round(size / 1024 / 1024) };
const machine = { cpus: os.cpus().length, node: process.version };
const importArgs = (form: string) => [
  'dist/src/cli.js',
  'catalog:import',
  ...argsOf[form]!,
  '--replace',
  '--force',
];

if (values.reference === undefined) {
  await withDatabase(migrate, async (env) => {
    let jsonlSeconds: number | undefined;
    for (const form of forms) {
      const result = await runNode(importArgs(form), env);
      if (form === 'jsonl') jsonlSeconds = result.seconds;
      console.log(
        JSON.stringify({
          form,
          ...shape,
          seconds: Number(result.seconds.toFixed(1)),
          ...(jsonlSeconds && { ofJsonl: Number((result.seconds / jsonlSeconds).toFixed(2)) }),
          peakRssMb: Math.round(result.peakMb),
          ...machine,
        }),
      );
    }
  });
} else {
  const builds = { this: projectRoot(), reference: path.resolve(values.reference) };
  const total = { this: 0, reference: 0 };
  for (let pair = 0; pair < pairs; pair++) {
    const order =
      pair % 2 === 0 ? (['this', 'reference'] as const) : (['reference', 'this'] as const);
    for (const build of order) {
      const cwd = builds[build];
      const migrated = (url: string) =>
        runNode(
          ['dist/src/cli.js', 'db:migrate'],
          { ...process.env, DATABASE_URL: url },
          '/dev/null',
          cwd,
        );
      const result = await withDatabase(migrated, (env) =>
        runNode(importArgs('jsonl'), env, undefined, cwd),
      );
      total[build] += result.seconds;
      console.log(
        JSON.stringify({
          build,
          root: cwd,
          ...shape,
          seconds: Number(result.seconds.toFixed(1)),
          peakRssMb: Math.round(result.peakMb),
          ...machine,
        }),
      );
    }
  }
  console.log(JSON.stringify({ ofReference: Number((total.this / total.reference).toFixed(3)) }));
}

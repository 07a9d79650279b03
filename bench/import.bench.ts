import { mkdtemp, rm, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { ensureCatalogFile } from './lib/catalog-file.js';
import { ensureCatalogForms } from './lib/catalog-forms.js';
import { runNode } from './lib/processes.js';

// npm run bench:import -- [--products 1000000] [--seed 1] [--forms jsonl,json,csv]
//                          [--style families|realistic]
// Generates a catalog (cached under bench/out), starts a disposable embedded PostgreSQL,
// runs the real `catalog:import --replace` command against it, once for each form of the same
// products (JSON Lines, a JSON array, CSV with review and offer files), and reports each one's
// wall time, its ratio to JSON Lines in the same run, and the command's peak resident memory
// (VmHWM, sampled from /proc).

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    forms: { type: 'string', default: 'jsonl' },
    /** families (the generator's default) or realistic (names as real catalogs write them). */
    style: { type: 'string', default: 'families' },
  },
});
const forms = values.forms.split(',');
const products = Number(values.products);

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

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pi-bench-'));
await chmod(dataDir, 0o755);
// The server logs every statement slower than a second: the breakdown of the load.
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
  await migrate(database.url);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query('ALTER SYSTEM SET log_min_duration_statement = 1000');
  await admin.query('SELECT pg_reload_conf()');
  await admin.end();
  const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' };
  const { size } = await import('node:fs/promises').then((fs) => fs.stat(file));
  let jsonlSeconds: number | undefined;
  for (const form of forms) {
    const args = ['dist/src/cli.js', 'catalog:import', ...argsOf[form]!, '--replace', '--force'];
    const result = await runNode(args, env);
    if (form === 'jsonl') jsonlSeconds = result.seconds;
    console.log(
      JSON.stringify({
        form,
        products,
        fileMb: Math.round(size / 1024 / 1024),
        seconds: Number(result.seconds.toFixed(1)),
        ...(jsonlSeconds && { ofJsonl: Number((result.seconds / jsonlSeconds).toFixed(2)) }),
        peakRssMb: Math.round(result.peakMb),
        cpus: os.cpus().length,
        node: process.version,
      }),
    );
  }
} finally {
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}

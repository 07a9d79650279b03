import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { to as copyTo } from 'pg-copy-streams';
import { answerBatcher, type AnswerTask } from '../src/catalog/answer-batch.js';
import { DEFAULT_SOURCE_WEIGHTS } from '../src/config/app-config.js';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { categoryMeansSql, productRowsSql } from '../src/database/product-record.sql.js';
import type { CriterionMeanRow, ScoreMeanRow } from '../src/synthesis/priors.js';
import { ensureCatalogFile } from './lib/catalog-file.js';
import { withClient } from './lib/database.js';
import { freePort, runNode } from './lib/processes.js';

// npm run build && node dist/bench/answers.bench.js [--products 100000] [--passes 3]
//   [--against DIST: another build's dist folder, e.g. a worktree's, run batch by batch in turn]
// What an import's answer workers spend on a product (issue 34): imports the realistic catalog
// of --products (cached under bench/out) into a disposable embedded PostgreSQL, reads its
// product rows and category means once, then answers them in this process, batch by batch as
// a worker does (answer-batch.ts), and prints the CPU a product (the process's user + system,
// the collector's threads included). With --against, the other build answers each batch too,
// in turn, so both meet the same machine: the ratio is the figure to read, and every batch's
// bytes must be the same.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    passes: { type: 'string', default: '3' },
    against: { type: 'string' },
  },
});
const products = Number(values.products);
const passes = Number(values.passes);
const BATCH = 256;

/** The rows and means of the imported catalog. */
async function readCatalog(): Promise<{ lines: string[]; task: AnswerTask }> {
  const file = await ensureCatalogFile(products, 1, 'realistic');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pi-answers-'));
  await chmod(dataDir, 0o755);
  const database = await EmbeddedDatabase.start({
    dataDir: path.join(dataDir, 'data'),
    port: await freePort(),
  });
  try {
    await migrate(database.url);
    const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' };
    await runNode(['dist/src/cli.js', 'catalog:import', file, '--replace', '--force'], env);
    return await withClient(database.url, async (client) => {
      const table = (name: string) => name;
      const sql = categoryMeansSql(table);
      const { rows: criterionMeans } = await client.query<CriterionMeanRow>(sql.criteria);
      const { rows: scoreMeans } = await client.query<ScoreMeanRow>(sql.scores);
      let text = '';
      const copy = client.query(copyTo(`COPY (${productRowsSql(table)}) TO STDOUT`));
      for await (const chunk of copy) text += (chunk as Buffer).toString('utf8');
      const lines = text.split('\n').filter((line) => line !== '');
      const config = { sourceWeights: DEFAULT_SOURCE_WEIGHTS, priorStrength: 1 };
      const publishedAt = new Date().toISOString();
      return { lines, task: { config, publishedAt, criterionMeans, scoreMeans } };
    });
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The rows cut into batches of whole products, as the import's main thread cuts them. */
function batchesOf(lines: readonly string[]): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let inBatch = 0;
  let current: string | undefined;
  for (const line of lines) {
    const id = line.slice(0, line.indexOf('\t'));
    if (id !== current) {
      current = id;
      if (inBatch === BATCH) {
        batches.push(batch);
        batch = [];
        inBatch = 0;
      }
      inBatch++;
    }
    batch.push(line);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

const { lines, task } = await readCatalog();
const batches = batchesOf(lines);
type Batcher = ReturnType<typeof answerBatcher>;
const sides: { name: string; batch: Batcher; cpu: number; products: number }[] = [
  { name: 'this build', batch: answerBatcher(task), cpu: 0, products: 0 },
];
if (values.against) {
  const other = pathToFileURL(path.resolve(values.against, 'src/catalog/answer-batch.js')).href;
  const { answerBatcher: theirs } = (await import(other)) as {
    answerBatcher: typeof answerBatcher;
  };
  sides.unshift({ name: values.against, batch: theirs(task), cpu: 0, products: 0 });
}
// A first pass warms both up; the passes after it are measured.
for (let pass = 0; pass <= passes; pass++) {
  let differing = 0;
  for (const side of sides) side.cpu = side.products = 0;
  batches.forEach((batch, i) => {
    const outputs: string[] = [];
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const before = process.cpuUsage();
      const rows = side.batch(batch);
      const used = process.cpuUsage(before);
      side.cpu += used.user + used.system;
      side.products += rows.products;
      outputs.push(Buffer.from(rows.answers).toString('latin1'));
    }
    if (outputs.some((output) => output !== outputs[0])) differing++;
  });
  if (pass === 0) continue;
  const each = sides.map((s) => `${s.name} ${(s.cpu / s.products).toFixed(1)} µs`);
  const ratio = sides.length === 2 ? `, ratio ${(sides[1]!.cpu / sides[0]!.cpu).toFixed(3)}` : '';
  console.log(
    `pass ${pass}: ${each.join(', ')} a product${ratio}` +
      (sides.length === 2 ? `; batches differing ${differing}` : '') +
      `; load ${os.loadavg()[0]!.toFixed(1)}`,
  );
}

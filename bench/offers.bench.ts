import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdtemp, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { CatalogLine } from '../src/catalog/catalog-line.schema.js';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { gtinCheckDigit } from '../src/names/gtin.js';
import { ensureCatalogFile } from './lib/catalog-file.js';
import { runNode } from './lib/processes.js';

// npm run bench:offers -- [--products 1000000] [--items 100000]
// An offers feed against a large catalog: the realistic generated catalog of `products`, with a
// barcode on 9 products in 10 and a part number on two in three (derived here, deterministic),
// is imported into a disposable embedded PostgreSQL; then a Google Merchant TSV feed of `items`
// lines is matched and published by the real `catalog:offers` command: 80% of lines carry a
// product's barcode, 8% only its part number and brand, 7% only its title (the catalog name with
// a colour and a category after it, as shops write), 3% a barcode no product carries, 2% a wrong
// check digit. Reports the command's wall time, peak memory and its match figures.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    items: { type: 'string', default: '100000' },
  },
});
const products = Number(values.products);
const items = Number(values.items);

const gtinOf = (i: number) => {
  const body = `20${String(i).padStart(10, '0')}`;
  return body + gtinCheckDigit(body);
};
const hasGtin = (i: number) => i % 10 !== 0;
const mpnOf = (i: number) => `BX-${i.toString(36).toUpperCase()}-${i % 97}`;
const hasMpn = (i: number) => i % 3 !== 0;

/** The generated catalog with barcodes and part numbers, written beside it once. */
async function coded(file: string): Promise<string> {
  const out = file.replace(/\.jsonl$/, '.coded.jsonl');
  if (existsSync(out)) return out;
  const writer = createWriteStream(`${out}.partial`);
  let i = 0;
  for await (const text of createInterface({ input: createReadStream(file) })) {
    if (text.trim() === '') continue;
    const line = JSON.parse(text) as CatalogLine;
    const extra = { ...(hasGtin(i) && { gtin: [gtinOf(i)] }), ...(hasMpn(i) && { mpn: mpnOf(i) }) };
    if (!writer.write(JSON.stringify({ ...line, ...extra }) + '\n')) await once(writer, 'drain');
    i += 1;
  }
  writer.end();
  await once(writer, 'finish');
  await rename(`${out}.partial`, out);
  return out;
}

/** A feed of `items` lines over the catalog's products, spread evenly through it. */
async function feed(file: string, dir: string): Promise<string> {
  const out = path.join(dir, 'feed.tsv');
  const writer = createWriteStream(out);
  writer.write('id\ttitle\tbrand\tgtin\tmpn\tprice\tlink\tavailability\n');
  const step = Math.max(1, Math.floor(products / items));
  let i = 0;
  let line = 0;
  for await (const text of createInterface({ input: createReadStream(file) })) {
    // An offset: every tenth product has no barcode, and the feed's lines should carry theirs.
    if (text.trim() === '' || i++ % step !== step - 3 || line >= items) continue;
    const p = JSON.parse(text) as CatalogLine & { gtin?: string[]; mpn?: string };
    const kind = line % 100;
    const title = `${p.name} Black ${p.category}`;
    const row =
      kind < 80 && p.gtin
        ? [title, p.brand, p.gtin[0]!, '']
        : kind < 88 && p.mpn
          ? [title, p.brand, '', p.mpn]
          : kind < 95
            ? [title, p.brand, '', '']
            : kind < 98
              ? [title, p.brand, gtinOf(products + line), '']
              : [
                  title,
                  p.brand,
                  `${gtinOf(line).slice(0, -1)}${(Number(gtinOf(line).at(-1)) + 1) % 10}`,
                  '',
                ];
    const fields = [
      `S${line}`,
      ...row,
      `${(10 + (line % 500)).toFixed(2)} USD`,
      `https://shop.example/p/${line}`,
      'in_stock',
    ];
    if (!writer.write(fields.join('\t') + '\n')) await once(writer, 'drain');
    line += 1;
  }
  writer.end();
  await once(writer, 'finish');
  return out;
}

const catalog = await coded(await ensureCatalogFile(products, 1, 'realistic'));
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pi-bench-offers-'));
await chmod(dataDir, 0o755);
const database = await EmbeddedDatabase.start({ dataDir: path.join(dataDir, 'data'), port: 55434 });
try {
  await migrate(database.url);
  const env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' };
  const imported = await runNode(['dist/src/cli.js', 'catalog:import', catalog, '--replace'], env);
  const tsv = await feed(catalog, dataDir);
  const reportFile = path.join(dataDir, 'report.json');
  const args = ['dist/src/cli.js', 'catalog:offers', tsv, '--retailer', 'Bench Shop', '--json'];
  const run = await runNode(args, env, reportFile);
  const report = JSON.parse(
    await import('node:fs/promises').then((fs) => fs.readFile(reportFile, 'utf8')),
  ) as {
    items: number;
    matched: Record<string, number>;
    unmatched: unknown[];
    invalid: unknown[];
    offers: number;
    published?: { ms: number };
    seconds: Record<string, number>;
  };
  console.log(
    JSON.stringify({
      products,
      items: report.items,
      importSeconds: Number(imported.seconds.toFixed(1)),
      offersSeconds: Number(run.seconds.toFixed(1)),
      peakRssMb: Math.round(run.peakMb),
      matched: report.matched,
      unmatched: report.unmatched.length,
      invalid: report.invalid.length,
      offers: report.offers,
      publishMs: report.published?.ms,
      steps: report.seconds,
      cpus: os.cpus().length,
      node: process.version,
    }),
  );
} finally {
  await database.stop();
  await rm(dataDir, { recursive: true, force: true });
}

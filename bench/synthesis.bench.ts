import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { AppModule } from '../src/app.module.js';
import { CatalogImporter } from '../src/catalog/catalog-importer.service.js';
import { EmbeddedDatabase } from '../src/database/embedded-database.js';
import { migrate } from '../src/database/migrator.js';
import { PrismaService } from '../src/database/prisma.service.js';
import { AnswerRepository } from '../src/lookup/answer.repository.js';
import type { ProductIntelligence } from '../src/synthesis/product-intelligence.schema.js';
import { SynthesisService } from '../src/synthesis/synthesis.service.js';
import { CatalogPriors } from '../src/synthesis/priors.js';
import { benchOutDir, ensureCatalogFile } from './lib/catalog-file.js';
import { freePort } from './lib/processes.js';
import { demoCatalogFile } from './resolution/labels.js';
import { criticsCatalogLines } from './synthesis/critics-catalog.js';
import { measure, type Faithfulness } from './synthesis/faithfulness.js';

// npm run bench:synthesis [-- --products 5000 --critics 2000 --seed 1]
// How faithful answers are to their sources (docs/synthesis.md), on three catalogs, each
// imported in turn into a disposable embedded PostgreSQL and assessed product by product by
// the service's own repository and synthesis (no name resolution: every product, by its id):
// the demo catalog; a realistic generated one (catalog:generate --style realistic); and one
// whose reviews carry overall scores only (synthesis/critics-catalog.ts). Prints the table of
// bench/RESULTS.md ("Synthesis faithfulness"); exits 1 when a rule the table checks fails.

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '5000' },
    critics: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
  },
});
const seed = Number(values.seed);

async function criticsFile(products: number): Promise<string> {
  await mkdir(benchOutDir(), { recursive: true });
  const file = path.join(benchOutDir(), `critics-${products}-seed${seed}.jsonl`);
  const out = createWriteStream(file);
  for (const line of criticsCatalogLines(products, seed)) out.write(line + '\n');
  out.end();
  await finished(out);
  return file;
}

/** Every product of the imported catalog, assessed as a lookup would assess it. */
async function assessAll(app: INestApplicationContext): Promise<ProductIntelligence[]> {
  const repository = app.get(AnswerRepository);
  const synthesis = app.get(SynthesisService);
  const ids = (await app.get(PrismaService).product.findMany({ select: { id: true } })).map(
    (p) => p.id,
  );
  const { criterionMeans, scoreMeans } = await repository.means();
  const priors = new CatalogPriors(criterionMeans, scoreMeans);
  const bodies: ProductIntelligence[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const { products } = await repository.findProducts(ids.slice(i, i + 500));
    for (const product of products) {
      bodies.push(
        synthesis.synthesize({
          product,
          priors: priors.of(product.category),
          publishedAt: new Date(0),
          resolution: { confidence: 1, other_matches: [] },
          buyUrl: () => 'https://bench.example/r',
        }),
      );
    }
  }
  return bodies;
}

const points = (x: number) => x.toFixed(2);

function rows(title: string, f: Faithfulness): string[] {
  const buckets = f.byBucket
    .map((b) =>
      b.distance.products === 0 ? '–' : `${points(b.distance.mean)} (${b.distance.products})`,
    )
    .join(' | ');
  return [
    `| ${title} | ${f.products} | ${f.agreeingWithinRange} of ${f.agreeing} | ` +
      `${points(f.reviewed.mean)} (max ${points(f.reviewed.max)}) | ${buckets} | ` +
      `${f.unreviewedShowingScore} of ${f.unreviewed} |`,
  ];
}

async function main(): Promise<number> {
  const catalogs: [string, string][] = [
    ['demo catalog', demoCatalogFile()],
    [
      `realistic generated (${values.products} products)`,
      await ensureCatalogFile(Number(values.products), seed, 'realistic'),
    ],
    [`overall scores only (${values.critics} products)`, await criticsFile(Number(values.critics))],
  ];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pi-synthesis-bench-'));
  await chmod(dataDir, 0o755);
  const database = await EmbeddedDatabase.start({
    dataDir: path.join(dataDir, 'data'),
    port: await freePort(),
  });
  const table = [
    '| catalog | products | agreeing sources: score within their range | mean distance to the plain mean (max), points | 1 to 3 sources | 4 to 9 sources | 10 sources or more | no reviews: shown as scored |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  let failed = false;
  try {
    await migrate(database.url);
    Object.assign(process.env, {
      DATABASE_URL: database.url,
      SEED_DEMO_CATALOG: 'false',
      LOG_LEVEL: 'warn',
    });
    const app = await NestFactory.createApplicationContext(AppModule, {
      logger: ['error', 'warn'],
      abortOnError: false,
    });
    try {
      for (const [title, file] of catalogs) {
        await app.get(CatalogImporter).import(file, { replace: true, force: true });
        const figures = measure(await assessAll(app));
        table.push(...rows(title, figures));
        const many = figures.byBucket.at(-1)!.distance;
        failed ||=
          figures.agreeingWithinRange !== figures.agreeing ||
          figures.unreviewedShowingScore > 0 ||
          (many.products > 0 && many.mean >= 1.5);
        console.error(`${title}: assessed ${figures.products} products`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(table.join('\n'));
  return failed ? 1 : 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

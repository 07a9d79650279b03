import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { generateCatalogLines } from '../../tools/generator/catalog-generator.js';
import type { LabelledQuery } from './evaluate.js';
import { generatedQueries } from './generated-queries.js';
import { demoCatalogFile, readDemoQueries } from './labels.js';
import { listingRuns } from './listings.js';
import { readOwnQueries } from './own-set.js';
import {
  deriveRealnamesQueries,
  readRealnamesQueries,
  realnamesCatalogFile,
  unpackedCatalog,
} from './realnames.js';

/** A short name for a file's absolute path: two catalogs named alike are unpacked apart. */
const pathHash = (file: string) =>
  createHash('sha256').update(path.resolve(file)).digest('hex').slice(0, 12);

// The sets bench:resolution runs (--sets), each a catalog file and its labelled lookups.

export interface Run {
  readonly title: string;
  readonly catalogFile: string;
  readonly queries: readonly LabelledQuery[];
  /** The lookups whose lines are never printed: only their figures are (listings.ts). */
  readonly unread?: (query: string) => boolean;
}

export interface RunOptions {
  readonly sets: ReadonlySet<string>;
  /** The generated catalog's size, seed and how many lookups of it. */
  readonly products: number;
  readonly seed: number;
  readonly count: number;
  /** Where generated and unpacked catalogs are written. */
  readonly outDir: string;
  /** A labelled set of one's own (own-set.ts). */
  readonly own?: { readonly catalog: string; readonly queries: string };
}

async function writeGeneratedCatalog(file: string, { products, seed, outDir }: RunOptions) {
  await mkdir(outDir, { recursive: true });
  const out = createWriteStream(file);
  for (const line of generateCatalogLines({ products, seed })) {
    if (!out.write(line + '\n'))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await finished(out);
}

/** The runs `sets` asks for, their catalogs written to `outDir` where they are generated. */
export async function runsOf(options: RunOptions): Promise<Run[]> {
  const { sets, products, seed, count, outDir, own } = options;
  const runs: Run[] = [];
  if (sets.has('demo'))
    runs.push({
      title: 'demo catalog',
      catalogFile: demoCatalogFile(),
      queries: readDemoQueries(),
    });
  if (sets.has('generated')) {
    const catalogFile = path.join(outDir, `resolution-catalog-${products}-seed${seed}.jsonl`);
    await writeGeneratedCatalog(catalogFile, options);
    runs.push({
      title: `generated catalog (${products} products, seed ${seed})`,
      catalogFile,
      queries: generatedQueries({ products, seed, count }),
    });
  }
  if (sets.has('realnames') || sets.has('derived')) {
    const catalogFile = await realnamesCatalogFile(outDir);
    const queries = readRealnamesQueries();
    if (sets.has('realnames'))
      runs.push({ title: 'real names (development set: 20,000 products)', catalogFile, queries });
    if (sets.has('derived')) {
      const title =
        'real names, derived kinds (words around the name, brand after, aliases, signs)';
      runs.push({ title, catalogFile, queries: deriveRealnamesQueries(queries) });
    }
  }
  runs.push(...(await listingRuns(outDir, sets)));
  if (sets.has('heldout')) {
    const catalogFile = await realnamesCatalogFile(outDir, 'heldout');
    const queries = readRealnamesQueries('heldout');
    runs.push({
      title: 'real names (held-out set: other products, other kinds)',
      catalogFile,
      queries,
    });
  }
  if (own)
    runs.push({
      title: `own set (${path.basename(own.queries)})`,
      // A gzipped catalog is unpacked first, as the importer reads plain files only.
      catalogFile: own.catalog.endsWith('.gz')
        ? await unpackedCatalog(own.catalog, outDir, `own-${pathHash(own.catalog)}`)
        : own.catalog,
      queries: readOwnQueries(own.catalog, own.queries),
    });
  return runs;
}

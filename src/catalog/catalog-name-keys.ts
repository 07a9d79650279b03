import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { exactNameKeys } from '../names/name-keys.js';
import { NAMES_SEPARATOR } from '../names/name-normaliser.js';
import type { CatalogBuild } from './catalog-build.repository.js';
import { copyInto } from './catalog-answers.js';
import { copyField, copyRow } from './copy-format.js';
import { copyLines } from './copy-lines.js';

// The exact name keys of a new catalog (name_keys, names/name-keys.ts): a name that is one
// product's, once folded, is answered by one probe of its key. They need only the products'
// names and brands, so they are built beside the priors and the answers, not after them.

/** Writes the keys of `products` (a table) as COPY rows (key, product_id) into `file`. */
async function writeNameKeys(client: pg.Client, products: string, file: string): Promise<void> {
  const out = createWriteStream(file);
  try {
    const source = client.query(
      copyTo(`COPY (SELECT id, brand, names_norm FROM ${products}) TO STDOUT`),
    );
    for await (const lines of copyLines(source as AsyncIterable<Buffer>)) {
      let rows = '';
      for (const line of lines) {
        const [id, brand, names] = line.split('\t').map(copyField) as [string, string, string];
        for (const key of exactNameKeys(names.split(NAMES_SEPARATOR), brand))
          rows += copyRow([key, id]);
      }
      if (!out.write(rows)) await once(out, 'drain');
    }
    out.end();
    await finished(out);
  } catch (error) {
    out.destroy();
    throw error;
  }
}

/**
 * The name keys of the catalog `build` makes, from its keyed products, on `build`'s session:
 * written to a file in `dir`, loaded, and counted; a key of one product is that product's, a
 * key two products share is no one's. Then keyed.
 */
export async function storeNameKeys(build: CatalogBuild, dir: string): Promise<void> {
  const file = path.join(dir, 'name-keys.copy');
  await writeNameKeys(build.client, build.next('products'), file);
  await build.inTransaction(async () => {
    await build.createLike('name_keys');
    await build.client.query(
      'CREATE TEMP TABLE name_key_rows (key text, product_id text) ON COMMIT DROP',
    );
    await copyInto(build.client, 'name_key_rows (key, product_id)', file);
    await build.client.query(
      // A product gives each of its keys once (exactNameKeys): a key of one row is one
      // product's, counted by a hash aggregate rather than a sort.
      `INSERT INTO ${build.next('name_keys')} (key, product_id)
         SELECT key, min(product_id) FROM name_key_rows GROUP BY key HAVING count(*) = 1`,
    );
  });
  await build.buildIndexes(['name_keys']);
}

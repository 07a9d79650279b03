import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { CatalogDerived } from './catalog-derived.repository.js';
import { STAGED_TABLES, type CatalogStaging, type StagedTable } from './catalog-staging.js';
import {
  CATALOG_TABLES,
  PRIOR_TABLES,
  VOCABULARY_TABLES,
  type CatalogTable,
} from './catalog-tables.js';

export const ident = (name: string) => pg.Client.prototype.escapeIdentifier(name);
const columnList = (table: StagedTable) => STAGED_TABLES[table].map(ident).join(', ');

/** How the file's products compare with the published catalog's, by id. */
export interface CatalogChanges {
  /** In the file, not in the catalog. */
  added: number;
  /** In both, with a different name, brand, category, aliases, reviews or offers. */
  changed: number;
  /** In both, the same. */
  unchanged: number;
  /** In the catalog, not in the file: removed by --replace, kept by a merge. */
  absent: number;
}

/**
 * The SQL that builds a catalog in `schema`, beside the published one in `live`: the same
 * tables (columns, defaults, checks and sequences copied from the published ones), loaded
 * without indexes, then indexed, keyed, vacuumed and analysed. Nothing here locks a published
 * table beyond reading it, so lookups never wait on a build.
 */
export class CatalogBuild {
  constructor(
    /** The import's session, which builds the new catalog. */
    readonly client: pg.Client,
    readonly live: string,
    readonly schema: string,
  ) {}

  /** The same build, on another session of the import (two statements at once). */
  on(client: pg.Client): CatalogBuild {
    return new CatalogBuild(client, this.live, this.schema);
  }

  /** `table` of the catalog being built. */
  next(table: string): string {
    return `${ident(this.schema)}.${ident(table)}`;
  }

  /** `table` of the published catalog. */
  published(table: string): string {
    return `${ident(this.live)}.${ident(table)}`;
  }

  private async query<T extends object = Record<string, unknown>>(sql: string, values?: unknown[]) {
    return await this.client.query<T>(sql, values);
  }

  /** Products in the published catalog now. */
  async publishedProducts(): Promise<number> {
    const { rows } = await this.query(
      `SELECT count(*)::int AS n FROM ${this.published('products')}`,
    );
    return (rows[0] as { n: number }).n;
  }

  /** The products, reviews and offers of the new catalog. */
  async counts(): Promise<{ products: number; reviews: number; offers: number }> {
    const count = (table: string) => `(SELECT count(*) FROM ${this.next(table)})::int`;
    const { rows } = await this.query<{ products: number; reviews: number; offers: number }>(
      `SELECT ${count('products')} AS products, ${count('reviews')} AS reviews,
              ${count('offers')} AS offers`,
    );
    return rows[0]!;
  }

  /**
   * Creates `table` in the new catalog as the published one is: columns, defaults, checks,
   * storage and the table's own options (LIKE copies all but those), without indexes.
   */
  async createLike(table: string, client: pg.ClientBase = this.client): Promise<void> {
    const { rows } = await client.query<{ options: string[] | null }>(
      'SELECT reloptions AS options FROM pg_class WHERE oid = $1::regclass',
      [this.published(table)],
    );
    const options = rows[0]?.options;
    await client.query(
      `CREATE TABLE ${this.next(table)}
         (LIKE ${this.published(table)} INCLUDING ALL EXCLUDING INDEXES)
         ${options?.length ? `WITH (${options.join(', ')})` : ''}`,
    );
  }

  /** Creates `table` empty and streams the staged files into it. */
  async createAndCopy(
    table: string,
    files: string[],
    onBytes?: (bytes: number) => void,
    columns = columnList(table as StagedTable),
  ): Promise<void> {
    // Created and filled in one transaction, COPY FREEZE writes its rows already frozen and
    // visible to all: no later vacuum or first reader rewrites the pages.
    await this.query('BEGIN');
    try {
      await this.createLike(table);
      for (const file of files) {
        const source = createReadStream(file, { highWaterMark: 1024 * 1024 });
        source.on('data', (chunk) => onBytes?.(chunk.length));
        const sql = `COPY ${this.next(table)} (${columns}) FROM STDIN WITH (FREEZE)`;
        await pipeline(source, this.client.query(copyFrom(sql)));
      }
      await this.query('COMMIT');
    } catch (error) {
      await this.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** Loads the staged files of `tables` into the catalog being built. */
  async load(
    staging: CatalogStaging,
    tables: readonly StagedTable[],
    onBytes?: (bytes: number) => void,
  ): Promise<void> {
    for (const table of tables) await this.createAndCopy(table, staging.filesOf(table), onBytes);
  }

  /**
   * The aliases people confirmed (name_aliases) whose product the new catalog does not hold:
   * kept, finding nothing until their product returns, and reported.
   */
  async aliasesLeft(): Promise<{ name: string; productId: string }[]> {
    const { rows } = await this.client.query<{ name: string; productId: string }>(
      `SELECT a.name, a.product_id AS "productId" FROM name_aliases a
        WHERE NOT EXISTS (SELECT 1 FROM ${this.next('products')} n WHERE n.id = a.product_id)
        ORDER BY a.name`,
    );
    return rows;
  }

  /**
   * A merge: the published products the file does not hold join the new catalog unchanged,
   * with their search names, reviews and offers (and the ids of those, which purchase links
   * name). Run before anything else fills the tables.
   */
  async carryOver(): Promise<void> {
    const absent = (alias: string, column: string) =>
      `NOT EXISTS (SELECT 1 FROM ${this.next('products')} n WHERE n.id = ${alias}.${column})`;
    for (const child of ['product_search_names', 'reviews', 'offers'] as const) {
      await this.query(
        `INSERT INTO ${this.next(child)} SELECT * FROM ${this.published(child)} t
          WHERE ${absent('t', 'product_id')}`,
      );
    }
    await this.query(
      `INSERT INTO ${this.next('products')} SELECT * FROM ${this.published('products')} t
        WHERE ${absent('t', 'id')}`,
    );
  }

  /**
   * A barcode two products of the new catalog would carry, with their ids, or undefined. In a
   * merge, the published products the file leaves out count too: they stay in the catalog.
   */
  async sharedBarcode(merge: boolean): Promise<{ gtin: string; ids: string[] } | undefined> {
    const kept = merge
      ? `UNION ALL SELECT id, gtins FROM ${this.published('products')} p
          WHERE NOT EXISTS (SELECT 1 FROM ${this.next('products')} n WHERE n.id = p.id)`
      : '';
    const { rows } = await this.query<{ gtin: string; ids: string[] }>(
      `SELECT g AS gtin, array_agg(id ORDER BY id) AS ids
         FROM (SELECT id, gtins FROM ${this.next('products')} ${kept}) p, unnest(p.gtins) g
        GROUP BY g HAVING count(*) > 1
        ORDER BY g LIMIT 1`,
    );
    return rows[0];
  }

  /** Products added and absent, by id; with `compare`, also those changed (reads every row). */
  async changes(compare: boolean): Promise<CatalogChanges> {
    const { rows } = await this.query(
      `SELECT (SELECT count(*) FROM ${this.next('products')} n
                WHERE NOT EXISTS (SELECT 1 FROM ${this.published('products')} p WHERE p.id = n.id))::int
                AS added,
              (SELECT count(*) FROM ${this.published('products')} p
                WHERE NOT EXISTS (SELECT 1 FROM ${this.next('products')} n WHERE n.id = p.id))::int
                AS absent,
              (SELECT count(*) FROM ${this.next('products')})::int AS products`,
    );
    const { added, absent, products } = rows[0] as {
      added: number;
      absent: number;
      products: number;
    };
    const common = products - added;
    if (!compare || common === 0) return { added, changed: 0, unchanged: common, absent };
    const { rows: changedRows } = await this.query(
      `SELECT count(*)::int AS changed
         FROM (${this.fingerprints('next')}) n
         JOIN (${this.fingerprints('published')}) p USING (id)
        WHERE n.fingerprint <> p.fingerprint`,
    );
    const changed = (changedRows[0] as { changed: number }).changed;
    return { added, changed, unchanged: common - changed, absent };
  }

  /**
   * One text per product of the file, from everything the file says about it, to compare with
   * the published product of the same id (only those: `published` is limited to the file's ids).
   */
  private fingerprints(side: 'next' | 'published'): string {
    const from = (table: string) => (side === 'next' ? this.next(table) : this.published(table));
    const mine =
      side === 'next' ? '' : `WHERE product_id IN (SELECT id FROM ${this.next('products')})`;
    return `
      SELECT p.id, concat_ws(E'\\x1e', row(p.name, p.brand, p.category, p.aliases, p.gtins, p.mpn)::text,
                             r.t, o.t)
               AS fingerprint
        FROM ${from('products')} p
        LEFT JOIN (SELECT product_id,
                          string_agg(row(source, source_type, score, summary, url, reviewed_at,
                                         criteria, pros, cons)::text, E'\\n' ORDER BY source) AS t
                     FROM ${from('reviews')} ${mine} GROUP BY product_id) r
               ON r.product_id = p.id
        LEFT JOIN (SELECT product_id,
                          string_agg(row(retailer_name, price, price_as_of, url)::text, E'\\n'
                                     ORDER BY retailer_name, url, price, price_as_of) AS t
                     FROM ${from('offers')} ${mine} GROUP BY product_id) o
               ON o.product_id = p.id
       ${side === 'next' ? '' : `WHERE p.id IN (SELECT id FROM ${this.next('products')})`}`;
  }

  /** Creates the category priors' tables empty, and computes them from the loaded ones. */
  async computePriors(): Promise<void> {
    for (const table of PRIOR_TABLES) await this.createLike(table);
    await this.inTransaction(() => this.derived().computePriors());
  }

  /** Creates the search vocabulary's tables empty, and counts it from the loaded names. */
  async computeVocabulary(): Promise<void> {
    for (const table of VOCABULARY_TABLES) await this.createLike(table);
    await this.inTransaction(() => this.derived().computeVocabulary());
  }

  private derived(): CatalogDerived {
    return new CatalogDerived(this.client, (table) => this.next(table));
  }

  /**
   * The published tables' indexes, keys and foreign keys, built on the new tables under the
   * same names (each schema has its own), read from the catalog so that they always match the
   * migrations. Foreign keys point at the new tables. The indexes that are no constraint's are
   * built on this session and the `helpers`, one at a time on each, then the constraints here.
   */
  async buildIndexes(
    of: readonly CatalogTable[] = CATALOG_TABLES,
    helpers: readonly pg.ClientBase[] = [],
  ): Promise<void> {
    const tables = of.map((t) => this.published(t));
    const { rows: indexes } = await this.query<{ ddl: string }>(
      `SELECT format('CREATE %sINDEX %I ON %s.%I', CASE WHEN i.indisunique THEN 'UNIQUE ' END,
                     c.relname, $2::text, t.relname)
              || substring(pg_get_indexdef(i.indexrelid) FROM ' USING .*$') AS ddl
         FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid
         JOIN pg_class t ON t.oid = i.indrelid
        WHERE i.indrelid = ANY($1::regclass[])
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k
                           WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)
        ORDER BY c.relname`,
      [tables, ident(this.schema)],
    );
    const { rows: constraints } = await this.query<{ ddl: string; foreign: boolean }>(
      `SELECT format('ALTER TABLE %s.%I ADD CONSTRAINT %I ', $2::text, t.relname, k.conname)
              || CASE WHEN k.contype = 'f'
                      THEN replace(pg_get_constraintdef(k.oid),
                                   ' REFERENCES ' || k.confrelid::regclass::text || '(',
                                   format(' REFERENCES %s.%I(', $2::text, f.relname))
                      ELSE pg_get_constraintdef(k.oid) END AS ddl,
              k.contype = 'f' AS foreign
         FROM pg_constraint k
         JOIN pg_class t ON t.oid = k.conrelid
         LEFT JOIN pg_class f ON f.oid = k.confrelid
        WHERE k.conrelid = ANY($1::regclass[]) AND k.contype IN ('p', 'u', 'f')
        ORDER BY k.contype = 'f', k.conname`,
      [tables, ident(this.schema)],
    );
    for (const { ddl, foreign } of constraints)
      if (foreign && !ddl.includes(` REFERENCES ${ident(this.schema)}.`))
        throw new Error(`cannot point a foreign key at the new catalog: ${ddl}`);
    const left = indexes.map(({ ddl }) => ddl);
    await Promise.all(
      [this.client, ...helpers].map(async (session) => {
        for (let ddl = left.shift(); ddl !== undefined; ddl = left.shift())
          await session.query(ddl);
      }),
    );
    for (const { ddl } of constraints) await this.query(ddl);
  }

  /** Hint bits, the visibility map and fresh statistics, before anyone reads the tables. */
  async vacuum(of: readonly CatalogTable[] = CATALOG_TABLES): Promise<void> {
    await this.query(`VACUUM (ANALYZE) ${of.map((t) => this.next(t)).join(', ')}`);
  }

  async inTransaction(work: () => Promise<void>): Promise<void> {
    await this.query('BEGIN');
    try {
      await work();
      await this.query('COMMIT');
    } catch (error) {
      await this.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
}

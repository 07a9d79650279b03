import type pg from 'pg';
import { CATALOG_PUBLISHED_CHANNEL } from '../publication/publication.sql.js';
import { ident, type CatalogBuild } from './catalog-build.repository.js';
import { CATALOG_TABLES, ownedSequences } from './catalog-tables.js';
import type { CatalogCounts } from './catalog-validator.js';
import { LOCK_NOT_AVAILABLE, SWAP_ATTEMPTS, underShortLocks } from './short-locks.js';

/** Where a new catalog is built, and where the one it replaces waits to be dropped. */
export const NEXT_SCHEMA = 'catalog_next';
export const RETIRED_SCHEMA = 'catalog_retired';

// How a catalog built beside the published one is published, and how the catalogs left over
// are dropped, under locks that give way to lookups (short-locks.ts).

/** What a publication records. */
export interface NewPublication {
  publishedAt: Date;
  replace: boolean;
  counts: CatalogCounts;
  /** The synthesis settings the stored answers were computed with. */
  synthesisKey: string;
}

/**
 * Drops the schemas, their tables first locked in one statement as the swap locks them: a
 * lookup whose prepared plan still names a replaced table locks it (and the others of its
 * plan) before it plans again, in its own order, so a DROP taking the tables one by one
 * could deadlock with it and hold it for PostgreSQL's deadlock timeout (a second). Locking
 * gives way after the swap's lock timeout and tries again instead.
 */
export async function dropSchemas(client: pg.Client, schemas: string[]): Promise<void> {
  await underShortLocks(client, async () => {
    const { rows } = await client.query<{ table: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS table FROM pg_tables
        WHERE schemaname = ANY($1::text[])`,
      [schemas],
    );
    if (rows.length > 0)
      await client.query(
        `LOCK TABLE ${rows.map((r) => r.table).join(', ')} IN ACCESS EXCLUSIVE MODE`,
      );
    await client.query(`DROP SCHEMA IF EXISTS ${schemas.map(ident).join(', ')} CASCADE`);
  });
}

/**
 * Publishes the new catalog in one short transaction: the published tables move out (to be
 * dropped), the new ones in, under the names and in the schema lookups read, and the
 * publication is recorded. Lookups in flight finish first; if one holds a table longer than
 * the lock timeout, the swap gives way to the lookups queued behind it and tries again.
 */
export async function swap(
  client: pg.Client,
  build: CatalogBuild,
  publication: NewPublication,
): Promise<{ ms: number; attempts: number }> {
  const sequences = await ownedSequences(
    client,
    CATALOG_TABLES.map((t) => build.published(t)),
  );
  const published = CATALOG_TABLES.map((t) => build.published(t)).join(', ');
  const { ms, attempts } = await underShortLocks(client, async () => {
    await client.query(`LOCK TABLE ${published} IN ACCESS EXCLUSIVE MODE`);
    // The ids of reviews and offers go on from the same sequences: an old purchase link
    // never names a new offer. Owned by no table while the tables move.
    for (const s of sequences) await client.query(`ALTER SEQUENCE ${s.sequence} OWNED BY NONE`);
    for (const table of CATALOG_TABLES)
      await client.query(
        `ALTER TABLE ${build.published(table)} SET SCHEMA ${ident(RETIRED_SCHEMA)}`,
      );
    for (const table of CATALOG_TABLES)
      await client.query(`ALTER TABLE ${build.next(table)} SET SCHEMA ${ident(build.live)}`);
    for (const s of sequences)
      await client.query(
        `ALTER SEQUENCE ${s.sequence} OWNED BY ${build.published(s.table)}.${ident(s.column)}`,
      );
    await client.query(
      `INSERT INTO catalog_publications
         (published_at, replaced, product_count, review_count, offer_count, synthesis_key)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        publication.publishedAt,
        publication.replace,
        publication.counts.products,
        publication.counts.reviews,
        publication.counts.offers,
        publication.synthesisKey,
      ],
    );
    // Every instance listening drops its cached answers once this commits.
    await client.query(`NOTIFY ${CATALOG_PUBLISHED_CHANNEL}`);
  }).catch((error: unknown) => {
    throw (error as { code?: string }).code === LOCK_NOT_AVAILABLE
      ? new Error(
          `the published catalog stayed busy through ${SWAP_ATTEMPTS} tries to publish; ` +
            'nothing was published (a long query holds it: run the import again)',
          { cause: error },
        )
      : error;
  });
  return { ms: Math.round(ms * 10) / 10, attempts };
}

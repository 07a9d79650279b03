import pg from 'pg';
import { PUBLISHING_LOCK_KEY } from '../publication/publication.sql.js';

export class ImportInProgressError extends Error {}

/** The catalog's writer lock, held until `client`'s session ends; `busy` says why if taken. */
export async function lockCatalog(client: pg.ClientBase, busy: string): Promise<void> {
  const { rows } = await client.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_lock($1) AS locked',
    [PUBLISHING_LOCK_KEY],
  );
  if (!rows[0]?.locked) throw new ImportInProgressError(busy);
}

/** The application_name of an import's connection, as pg_stat_activity shows it. */
export const IMPORT_APPLICATION_NAME = 'catalog:import';

/** A session of the import, named so in pg_stat_activity, with the import's settings. */
export async function openImportSession(url: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: url,
    application_name: IMPORT_APPLICATION_NAME,
  });
  await client.connect();
  try {
    await client.query("SET maintenance_work_mem = '512MB'");
    // The vocabulary's, the priors' and the name keys' aggregates (millions of groups at a
    // million products) and their joins: in memory, not spilled to disk in batches (4 MB by
    // default).
    await client.query("SET work_mem = '256MB'");
    // One core for each of the import's statements: parallel workers would take the others
    // from the lookups answered meanwhile (bench/RESULTS.md, publishing).
    await client.query('SET max_parallel_workers_per_gather = 0');
    await client.query('SET max_parallel_maintenance_workers = 0');
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

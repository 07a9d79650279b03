import { Readable } from 'node:stream';
import type { AskedName } from '../curation/asked-names.repository.js';
import { csvLine, type CsvCell } from './csv.js';

/** Names read at a time while an export streams: memory stays flat however long the list. */
export const EXPORT_BATCH = 2_000;

const COLUMNS = [
  'name',
  'asked',
  'asked_http',
  'asked_mcp',
  'feed_items',
  'first_asked_at',
  'last_asked_at',
  'suggestion_id',
  'suggestion_name',
  'suggestion_score',
];

const cells = (n: AskedName): CsvCell[] => [
  n.name,
  n.asked,
  n.http,
  n.mcp,
  n.feedItems,
  n.firstAskedAt.toISOString(),
  n.lastAskedAt.toISOString(),
  n.suggestion?.productId ?? null,
  n.suggestion?.name ?? null,
  n.suggestion?.score ?? null,
];

type Read = (limit: number, offset: number) => Promise<AskedName[]>;

async function* lines(first: AskedName[], read: Read): AsyncGenerator<string> {
  yield csvLine(COLUMNS);
  let names = first;
  let offset = 0;
  while (names.length > 0) {
    yield names.map((n) => csvLine(cells(n))).join('');
    if (names.length < EXPORT_BATCH) return;
    offset += names.length;
    names = await read(EXPORT_BATCH, offset);
  }
}

/**
 * A list as CSV, read a batch at a time as the response takes it. The first batch is read
 * before anything is sent, so a database that cannot answer gets the dashboard's error page.
 */
export async function askedNamesCsv(read: Read): Promise<Readable> {
  return Readable.from(lines(await read(EXPORT_BATCH, 0), read));
}

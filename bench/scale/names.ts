import { withClient } from '../lib/database.js';
import { nameKey } from '../../src/names/name-normaliser.js';
import { MAX_NAME_LENGTH } from '../../src/lookup/lookup-request.schema.js';

// Names for the workloads: warm and cold (rounds.ts).
//
// Warm names are distinct names for uncached lookups. The service caches answers by the name exactly as
// asked, but resolves the normalised name (case, accents, punctuation and spacing never
// matter), so a labelled query with punctuation appended is a new cache key that costs the
// same resolution and fetch work as the query itself, and keeps its label.

/** Non-alphanumeric characters the normaliser drops (no '+', which can mean "Plus"). */
const MARKS = '.,;:!?*~';

/** The suffix of pass `pass`: '' for pass 0 (the queries as labelled), then distinct marks. */
function suffix(pass: number): string {
  if (pass === 0) return '';
  let marks = '';
  for (let n = pass; n > 0; n = Math.floor(n / MARKS.length)) marks += MARKS[n % MARKS.length];
  return ' ' + marks;
}

/**
 * Name `index` of the endless sequence over `queries`: each query once as labelled, then each
 * with a first suffix, and so on. Distinct for distinct indices.
 */
export function distinctName(queries: readonly string[], index: number): string {
  const pass = Math.floor(index / queries.length);
  return queries[index % queries.length]! + suffix(pass);
}

/**
 * The items in a seeded random order. Generated queries come grouped by kind; shuffled, any
 * stretch of the sequence (one short run) is the whole mix, not mostly one kind.
 */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = (seed * 0x9e3779b1) | 0;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0; // mulberry32
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** At most this many products give cold names: more than any run asks of one process. */
const COLD_SAMPLE = 200_000;

/**
 * Names of products spread over the whole catalog, for the cold workload: a random sample of
 * products in random order, each named as users name them, "brand name" or the bare name
 * (alternately). A process that asks each once asks no product twice.
 */
export async function coldNames(databaseUrl: string, seed: number): Promise<string[]> {
  return await withClient(databaseUrl, async (client) => {
    await client.query('SELECT setseed($1)', [1 / (seed + 1)]);
    const { rows } = await client.query<{ brand: string; name: string }>(
      'SELECT brand, name FROM products ORDER BY random() LIMIT $1',
      [COLD_SAMPLE],
    );
    // A listing's name may be longer than a lookup may ask: those are not asked.
    return rows
      .map(({ brand, name }, i) => (i % 2 === 0 ? `${brand} ${name}` : name))
      .filter((name) => name.length <= MAX_NAME_LENGTH);
  });
}

/**
 * The queries that are no product's exact name, once folded (name_keys): those the resolver
 * reads, where a catalog name is one probe of its key.
 */
export async function resolverNames(
  databaseUrl: string,
  queries: readonly string[],
): Promise<string[]> {
  return await withClient(databaseUrl, async (client) => {
    const keys = queries.map(nameKey);
    const { rows } = await client.query<{ key: string }>(
      'SELECT key FROM name_keys WHERE key = ANY($1)',
      [keys],
    );
    const exact = new Set(rows.map((row) => row.key));
    return queries.filter((_, i) => !exact.has(keys[i]!));
  });
}

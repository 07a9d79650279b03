import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { LabelledQuery } from './evaluate.js';
import { fold, type QueryLine } from './realnames.js';

// A labelled set of one's own (`--catalog FILE --queries FILE`): another shop's titles, another
// catalog, another language, measured as the shared sets are. Lines as the listing set writes
// them, `{"query": …, "expect": {"brand": …, "name": …} | null}`, each label found in the
// catalog by its brand and name, folded; plain or gzipped JSON lines.

const lines = (file: string): unknown[] => {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
};

/** The set's lookups, each label a product id of the catalog (null: it must be refused). */
export function readOwnQueries(catalogFile: string, queriesFile: string): LabelledQuery[] {
  const ids = new Map<string, string>();
  for (const value of lines(catalogFile)) {
    const { id, brand, name } = value as { id: string; brand: string; name: string };
    ids.set(`${fold(brand)}\u0000${fold(name)}`, id);
  }
  return lines(queriesFile).map((value, i) => {
    const line = value as QueryLine;
    if (line.expect === null) return { query: line.query, expected: null, kind: 'absent' };
    const id = ids.get(`${fold(line.expect.brand)}\u0000${fold(line.expect.name)}`);
    if (id === undefined)
      throw new Error(
        `${queriesFile}:${i + 1}: ${JSON.stringify(line.expect)} is not in the catalog`,
      );
    return { query: line.query, expected: id, kind: 'listing' };
  });
}

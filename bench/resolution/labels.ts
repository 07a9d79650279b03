import { readFileSync } from 'node:fs';
import path from 'node:path';
import { comparisonKey } from '../../tools/generator/catalog-generator.js';
import { projectRoot } from '../../src/config/project-root.js';
import { QUERY_KINDS, type LabelledQuery } from './evaluate.js';

// The hand-curated queries over the demo catalog, and the check that every label agrees with
// the catalog it is asked of: a label that is wrong would make the benchmark blame the resolver.

export function demoCatalogFile(): string {
  return path.join(projectRoot(), 'prisma', 'demo-catalog.jsonl');
}

export function readDemoQueries(): LabelledQuery[] {
  const file = path.join(projectRoot(), 'bench', 'resolution', 'demo-queries.jsonl');
  return readJsonLines(file).map((value, i) => {
    const q = value as Partial<LabelledQuery>;
    if (
      typeof q.query !== 'string' ||
      !(q.expected === null || typeof q.expected === 'string') ||
      !QUERY_KINDS.includes(q.kind as LabelledQuery['kind'])
    ) {
      throw new Error(
        `${file}:${i + 1}: expected {query, expected, kind}, got ${JSON.stringify(q)}`,
      );
    }
    return q as LabelledQuery;
  });
}

export interface CatalogNames {
  readonly id: string;
  readonly name: string;
  readonly brand: string;
  readonly aliases?: readonly string[];
}

export function readCatalogNames(file: string): CatalogNames[] {
  return readJsonLines(file) as CatalogNames[];
}

/**
 * Labels that contradict the catalog, as messages (empty when all agree): an expected id that
 * is not in it; a query that, once normalised, is the name or alias of a product other than its
 * label (or of any product, when labelled null); a null-labelled query that is a product's name
 * without its brand.
 */
export function labelProblems(
  queries: readonly LabelledQuery[],
  catalog: readonly CatalogNames[],
): string[] {
  const ids = new Set(catalog.map((p) => p.id));
  const owner = new Map<string, string>();
  const withoutBrand = new Map<string, string>();
  for (const p of catalog) {
    for (const text of [p.name, ...(p.aliases ?? [])]) owner.set(comparisonKey(text), p.id);
    const brandless = comparisonKey(p.name).replace(comparisonKey(p.brand), '');
    if (brandless !== comparisonKey(p.name)) withoutBrand.set(brandless, p.id);
  }
  const problems: string[] = [];
  for (const q of queries) {
    const key = comparisonKey(q.query);
    const named = owner.get(key);
    const label = `[${q.kind}] ${JSON.stringify(q.query)} labelled ${q.expected ?? 'null'}`;
    if (q.expected !== null && !ids.has(q.expected)) problems.push(`${label}: no such product`);
    if (named !== undefined && named !== q.expected) problems.push(`${label}: names ${named}`);
    const brandless = withoutBrand.get(key);
    if (q.expected === null && brandless !== undefined) {
      problems.push(`${label}: is the name of ${brandless} without its brand`);
    }
  }
  return problems;
}

function readJsonLines(file: string): unknown[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

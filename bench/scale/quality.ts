import { withClient } from '../lib/database.js';
import type { LookupResult } from '../../src/synthesis/product-intelligence.schema.js';
import {
  evaluate,
  type EvalReport,
  type LabelledQuery,
  type OutcomeLike,
  type ResolvedQuery,
} from '../resolution/evaluate.js';

// Resolution quality as the HTTP service answers: every labelled query asked once, as
// labelled (before any load, so none is cached), scored with the resolution benchmark's
// evaluate(). Answers name the product, not its id: ids come from the catalog by exact brand
// and name.

export async function qualityOverHttp(
  origin: string,
  key: string,
  queries: readonly LabelledQuery[],
  databaseUrl: string,
  concurrency = 8,
): Promise<EvalReport> {
  const answers: (LookupResult | Error)[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < queries.length; i = next++) {
      const url = `${origin}/v1/product-intelligence?product_name=${encodeURIComponent(queries[i]!.query)}`;
      const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
      const body = (await response.json()) as LookupResult;
      answers[i] = response.ok ? body : new Error(`${response.status} ${JSON.stringify(body)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));

  const names = answers.flatMap((a) => (a instanceof Error || !a.found ? [] : [a.product_name]));
  const idOf = await productIds(databaseUrl, names);
  const results: ResolvedQuery[] = queries.map((labelled, i) => {
    const answer = answers[i]!;
    if (answer instanceof Error) return { labelled, error: answer.message };
    const outcome: OutcomeLike = {
      found: answer.found,
      ...(answer.found && {
        productId: idOf.get(`${answer.brand}\u0000${answer.product_name}`) ?? answer.product_name,
      }),
      confidence: answer.found
        ? answer.resolution.confidence
        : (answer.other_matches[0]?.match_score ?? 0),
      // Suggestions carry names only; shown by name in failure lines.
      candidates: (answer.found ? answer.resolution.other_matches : answer.other_matches).map(
        (m) => ({ productId: m.name, name: m.name, score: m.match_score }),
      ),
    };
    return { labelled, outcome };
  });
  return evaluate(results);
}

/** Catalog ids by brand and name (unique together; a name alone is not in real catalogs). */
async function productIds(databaseUrl: string, names: string[]): Promise<Map<string, string>> {
  return await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: string; name: string; brand: string }>(
      'SELECT id, name, brand FROM products WHERE name = ANY($1::text[])',
      [[...new Set(names)]],
    );
    return new Map(rows.map((r) => [`${r.brand}\u0000${r.name}`, r.id]));
  });
}

/**
 * Whether the hot name's answer, served after its rounds (from the cache, where there is
 * one), equals a fresh answer: the same name with a mark the normaliser drops ('#', which the
 * distinct names never use) is a new cache key resolved from scratch.
 */
export async function cachedAnswerIsFresh(
  origin: string,
  key: string,
  name: string,
): Promise<boolean> {
  const ask = async (productName: string) => {
    const url = `${origin}/v1/product-intelligence?product_name=${encodeURIComponent(productName)}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    return `${response.status} ${await response.text()}`;
  };
  const [hot, fresh] = [await ask(name), await ask(`${name} #`)];
  return hot === fresh;
}

import type { LabelledQuery, OutcomeLike, ResolvedQuery } from '../../bench/resolution/evaluate.js';

/**
 * Resolves every labelled query, a few at a time: each resolve is independent and read-only,
 * and the suite stays short. Results come back in the queries' order.
 */
export async function resolveAll(
  queries: readonly LabelledQuery[],
  resolve: (query: string) => Promise<OutcomeLike>,
  concurrency = 4,
): Promise<ResolvedQuery[]> {
  const results = new Array<ResolvedQuery>(queries.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < queries.length; i = next++) {
      const labelled = queries[i]!;
      results[i] = { labelled, outcome: await resolve(labelled.query) };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

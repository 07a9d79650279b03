import { parentPort } from 'node:worker_threads';
import { CandidateResolver, kindsOf, type CandidateSource } from '../candidate-resolver.js';
import type { ResolutionOutcome } from '../resolution-outcome.js';
import { CandidateIndex } from './candidate-index.js';
import type { IndexRows } from './candidate-index.repository.js';

// The resolver thread (resolver-thread.ts): it holds a publication's candidate index and
// resolves names among its candidates, beside the thread that serves requests.

export type ResolverRequest =
  | {
      type: 'hold';
      rows: Pick<IndexRows, 'products' | 'vocabulary' | 'names'>;
      /** The publication's categories (kindsOf). */
      categories: string[];
    }
  | { type: 'resolve'; id: number; queries: readonly string[]; explain: boolean };

export type ResolverReply =
  | { type: 'held'; error?: string }
  | { type: 'resolved'; id: number; outcomes?: ResolutionOutcome[]; error?: string };

const port = parentPort;
if (!port) throw new Error('resolver.worker must run in a worker thread');
const resolver = new CandidateResolver();
let source: CandidateSource | undefined;

const failure = (error: unknown) => (error as Error).stack ?? String(error);

port.on('message', (request: ResolverRequest) => {
  if (request.type === 'hold') {
    // The index held before goes first: two would not fit the thread's heap.
    source = undefined;
    try {
      const { products, vocabulary, names } = request.rows;
      const index = new CandidateIndex(products, vocabulary, names);
      const kinds = kindsOf(request.categories);
      source = {
        findTerms: (terms, words, perWord) =>
          Promise.resolve(index.findTerms(terms, words, perWord)),
        findCandidates: (queries, limit) =>
          Promise.resolve({ candidates: index.findCandidates(queries, limit) }),
        kinds: () => Promise.resolve(kinds),
      };
      port.postMessage({ type: 'held' } satisfies ResolverReply);
    } catch (error) {
      port.postMessage({ type: 'held', error: failure(error) } satisfies ResolverReply);
    }
    return;
  }
  const { id, queries, explain } = request;
  if (!source) {
    port.postMessage({ type: 'resolved', id, error: 'no index held' } satisfies ResolverReply);
    return;
  }
  resolver.resolve(queries, source, explain).then(
    ({ outcomes }) => port.postMessage({ type: 'resolved', id, outcomes } satisfies ResolverReply),
    (error: unknown) =>
      port.postMessage({ type: 'resolved', id, error: failure(error) } satisfies ResolverReply),
  );
});

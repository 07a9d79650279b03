import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { projectRoot } from '../../config/project-root.js';
import type { ResolutionOutcome } from '../resolution-outcome.js';
import type { IndexRows } from './candidate-index.repository.js';
import type { ResolverReply, ResolverRequest } from './resolver.worker.js';

/** The compiled worker; under ts-jest (sources in src/) the build in dist/ is used. */
function workerUrl(): URL {
  if (import.meta.url.endsWith('.js')) return new URL('./resolver.worker.js', import.meta.url);
  return pathToFileURL(
    path.join(projectRoot(), 'dist/src/lookup/candidate-index/resolver.worker.js'),
  );
}

/**
 * The thread's young generation. Under load it resolves names in batches (a batch's lookups
 * coalesced), whose live objects outgrew an 8 MB young generation: promoted, they cost the
 * collector 1.14 s against 0.76 s at 32 MB over the listing set's titles asked 16 at a time,
 * for some 15 to 25 MB more resident memory (bench/RESULTS.md).
 */
const YOUNG_MB = 32;

/**
 * The thread stopped or failed, or holds another index than the one asked for: what it was
 * asked is for the statements to answer.
 */
export class ResolverThreadUnavailable extends Error {}

/**
 * A worker thread holding a candidate index (resolver.worker.ts): names that need the resolver
 * are resolved there, on another core, while this thread goes on serving requests. Its
 * requests are answered in the order they were sent.
 */
export class ResolverThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, (reply: ResolverReply) => void>();
  private holding?: (reply: ResolverReply) => void;
  private next = 0;
  /** How many indexes it was given to hold: the one it holds is the last. */
  private held = 0;
  private failure?: Error;

  /** `heapMb`: the thread's old-generation heap, which holds the index and its work. */
  constructor(heapMb: number) {
    this.worker = new Worker(workerUrl(), {
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: YOUNG_MB },
    });
    // It keeps the process alive only while it has work (ref in send).
    this.worker.unref();
    this.worker.on('message', (reply: ResolverReply) => {
      if (reply.type === 'held') {
        this.holding?.(reply);
        this.holding = undefined;
      } else {
        this.waiting.get(reply.id)?.(reply);
        this.waiting.delete(reply.id);
      }
      if (this.waiting.size === 0 && !this.holding) this.worker.unref();
    });
    const fail = (error: Error) => this.fail(error);
    this.worker.once('error', fail);
    this.worker.once('exit', (code) =>
      fail(new Error(`the resolver thread stopped (exit ${code})`)),
    );
  }

  /** Whether it stopped (a failure, its heap's limit): a new one must take over. */
  get stopped(): boolean {
    return this.failure !== undefined;
  }

  /**
   * Builds the index of these rows in the thread, in place of the one it held; resolves to
   * the number resolve() asks it by.
   */
  async hold(rows: IndexRows): Promise<number> {
    if (this.holding) throw new Error('the resolver thread is reading another index');
    const { products, vocabulary, names, categories } = rows;
    const held = ++this.held;
    const reply = await new Promise<ResolverReply>((resolve) => {
      this.holding = resolve;
      this.send({ type: 'hold', rows: { products, vocabulary, names }, categories });
    });
    if (reply.error !== undefined)
      throw (
        this.failure ?? new Error(`the resolver thread could not hold the index: ${reply.error}`)
      );
    return held;
  }

  /**
   * The names' outcomes among the candidates of the index `held` (hold's number), explained
   * when `explain` (an explanation is most of what an outcome sends back).
   */
  async resolve(
    queries: readonly string[],
    held: number,
    explain: boolean,
  ): Promise<ResolutionOutcome[]> {
    if (held !== this.held) throw new ResolverThreadUnavailable('it holds another index now');
    const id = this.next++;
    const reply = await new Promise<ResolverReply>((resolve) => {
      this.waiting.set(id, resolve);
      this.send({ type: 'resolve', id, queries, explain });
    });
    if (reply.type === 'resolved' && reply.outcomes) return reply.outcomes;
    throw this.failure ?? new Error(`resolving names failed: ${reply.error}`);
  }

  async stop(): Promise<void> {
    this.worker.removeAllListeners('exit');
    this.fail(new Error('the resolver thread was stopped'));
    await this.worker.terminate();
  }

  private send(request: ResolverRequest): void {
    if (this.failure) return this.fail(this.failure);
    this.worker.ref();
    this.worker.postMessage(request);
  }

  /** It stopped: whatever waits on it is told so (ResolverThreadUnavailable). */
  private fail(error: Error): void {
    this.failure ??= new ResolverThreadUnavailable(error.message, { cause: error });
    const reply = { type: 'held', error: this.failure.message } as const;
    this.holding?.(reply);
    this.holding = undefined;
    for (const done of this.waiting.values()) done({ ...reply, type: 'resolved', id: -1 });
    this.waiting.clear();
  }
}

import { createReadStream } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { CatalogBuild } from './catalog-build.repository.js';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { projectRoot } from '../config/project-root.js';
import { categoryMeansSql, productRowsSql } from '../database/product-record.sql.js';
import type { CriterionMeanRow, ScoreMeanRow } from '../synthesis/priors.js';
import {
  answerBatcher,
  type AnswerRows,
  type AnswerSettings,
  type AnswerTask,
} from './answer-batch.js';
import type { AnswerReply, AnswerRequest } from './answer.worker.js';
import { BINARY_COPY_HEADER, BINARY_COPY_TRAILER } from './copy-binary.js';
import { copyLines } from './copy-lines.js';
import { storeStandings } from './product-scores.js';
import { rowProductId } from './product-rows.js';

// Every product's answer computed at publication (issue 34): the products are read with their
// reviews and offers in one COPY (a product's rows together), synthesized in worker threads (up
// to one per core), and written as COPY rows of product_answers (binary format) to the caller's
// stream (a COPY into the new table as they come, or a file).

/** Products a worker synthesizes per message, with their reviews and offers (~5 rows each). */
const BATCH = 256;
/** Batches waiting on or in each worker: enough to keep it busy, few enough to bound memory. */
const IN_FLIGHT_PER_WORKER = 2;
/** Old-generation heap of each worker: it holds two batches at a time. */
const WORKER_HEAP_MB = 128;

/** The compiled worker; under ts-jest (sources in src/) the build in dist/ is used. */
function workerUrl(): URL {
  if (import.meta.url.endsWith('.js')) return new URL('./answer.worker.js', import.meta.url);
  return pathToFileURL(path.join(projectRoot(), 'dist/src/catalog/answer.worker.js'));
}

class AnswerWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, (reply: AnswerReply) => void>();
  private next = 0;
  private failure?: Error;

  constructor(task: AnswerTask) {
    this.worker = new Worker(workerUrl(), {
      workerData: task,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    this.worker.on('message', (reply: AnswerReply) => {
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const done of this.waiting.values()) done({ id: -1, error: error.message });
      this.waiting.clear();
    };
    this.worker.once('error', fail);
    this.worker.once('exit', (code) => fail(new Error(`answer worker stopped (exit ${code})`)));
  }

  get busy(): number {
    return this.waiting.size;
  }

  async run(lines: string[]): Promise<AnswerRows> {
    if (this.failure) throw this.failure;
    const id = this.next++;
    const reply = await new Promise<AnswerReply>((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, lines } satisfies AnswerRequest);
    });
    if (!reply.rows) throw new Error(`computing answers failed: ${reply.error}`);
    return reply.rows;
  }

  async stop(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

async function write(stream: Writable, data: Uint8Array): Promise<void> {
  if (data.length === 0) return;
  if (!stream.write(Buffer.from(data.buffer, data.byteOffset, data.length)))
    await once(stream, 'drain');
}

/** Ends a stream (a COPY: the statement completes), or on `error` abandons it. */
async function close(stream: Writable, error?: unknown): Promise<void> {
  if (error === undefined) {
    stream.end();
    await finished(stream);
  } else {
    stream.destroy(error instanceof Error ? error : new Error('abandoned', { cause: error }));
    await finished(stream).catch(() => undefined);
  }
}

/** The category means the priors come from, in the catalog `table` names. */
async function readMeans(
  client: pg.ClientBase,
  table: (name: string) => string,
): Promise<Pick<AnswerTask, 'criterionMeans' | 'scoreMeans'>> {
  const sql = categoryMeansSql(table);
  const { rows: criterionMeans } = await client.query<CriterionMeanRow>(sql.criteria);
  const { rows: scoreMeans } = await client.query<ScoreMeanRow>(sql.scores);
  return { criterionMeans, scoreMeans };
}

/** What else computeAnswers does: which products, where their scores go, when to stop. */
export interface ComputeOptions {
  /** A query of the ids to compute; all products when unset. */
  only?: string;
  /** Each product's standing facts as COPY text rows (AnswerRows.scores), ended like output. */
  scores?: Writable;
  /** Stops the computation between batches. */
  signal?: AbortSignal;
}

/**
 * Synthesizes the products of `table`'s catalog (those whose ids the query `only` returns, or
 * all), read on `client` (inside the caller's transaction, if any) with the priors of its
 * category means, and writes their COPY rows (`FORMAT binary`) to `output`, which it ends
 * (or, failing, abandons). Returns how many products it wrote.
 */
export async function computeAnswers(
  client: pg.ClientBase,
  table: (name: string) => string,
  settings: AnswerSettings,
  output: Writable,
  { only, scores, signal }: ComputeOptions = {},
): Promise<number> {
  const task: AnswerTask = { ...settings, ...(await readMeans(client, table)) };
  // One worker a core at most, each started when a batch finds the others busy; a catalog of
  // one batch (the demo's, a test's) is answered on this thread, without starting any.
  const most = os.availableParallelism();
  const workers: AnswerWorker[] = [];
  const pick = (): AnswerWorker => {
    const idle = workers.find((w) => w.busy === 0);
    if (idle) return idle;
    if (workers.length < most) {
      const started = new AnswerWorker(task);
      workers.push(started);
      return started;
    }
    return workers.reduce((a, b) => (b.busy < a.busy ? b : a));
  };
  const inFlight = new Set<Promise<void>>();
  let products = 0;
  const accept = async (rows: AnswerRows) => {
    products += rows.products;
    await write(output, rows.answers);
    if (scores) await write(scores, Buffer.from(rows.scores));
  };
  const submit = async (lines: string[]) => {
    signal?.throwIfAborted();
    while (inFlight.size >= most * IN_FLIGHT_PER_WORKER) await Promise.race(inFlight);
    const worker = pick();
    const done = worker.run(lines).then(accept);
    const tracked = done.finally(() => inFlight.delete(tracked));
    tracked.catch(() => undefined); // awaited by the loop, which may be elsewhere when it fails
    inFlight.add(tracked);
  };
  let failure: unknown;
  try {
    await write(output, BINARY_COPY_HEADER);
    const source = client.query(copyTo(`COPY (${productRowsSql(table, only)}) TO STDOUT`));
    let batch: string[] = [];
    let inBatch = 0;
    let current: string | undefined;
    /** Batches the rows, whole products each: a full batch goes when the next product starts. */
    const take = async (lines: readonly string[]) => {
      for (const line of lines) {
        const id = rowProductId(line);
        if (id !== current) {
          current = id;
          if (inBatch === BATCH) {
            await submit(batch);
            batch = [];
            inBatch = 0;
          }
          inBatch++;
        }
        batch.push(line);
      }
    };
    for await (const lines of copyLines(source as AsyncIterable<Buffer>)) await take(lines);
    if (workers.length === 0) {
      // One batch or none (the demo's catalog, a test's, a feed's few products): a worker's
      // start would cost more than its answers.
      signal?.throwIfAborted();
      if (batch.length > 0) await accept(answerBatcher(task)(batch));
    } else if (batch.length > 0) await submit(batch);
    await Promise.all(inFlight);
    await write(output, BINARY_COPY_TRAILER);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    await Promise.allSettled([...inFlight]);
    await Promise.all(workers.map((w) => w.stop()));
    await close(output, failure);
    if (scores) await close(scores, failure);
  }
  return products;
}

/**
 * Streams a COPY file into `target` ("table (columns)"), in the client's transaction; `binary`
 * for a file of answers (computeAnswers).
 */
export async function copyInto(
  client: pg.ClientBase,
  target: string,
  file: string,
  binary = false,
): Promise<void> {
  await pipeline(
    createReadStream(file, { highWaterMark: 1024 * 1024 }),
    client.query(copyFrom(`COPY ${target} FROM STDIN${binary ? ' WITH (FORMAT binary)' : ''}`)),
  );
}

/**
 * Every product's answer in the catalog `build` makes, computed from its products, reviews and
 * offers once they are loaded and keyed, on sessions of their own (`connect`), so that the
 * build's session goes on meanwhile: one reads the products, the other loads their answers as
 * they come, in the transaction that creates their table, and then keys it. `signal` stops the
 * computation between batches.
 */
export async function storeAnswers(
  build: CatalogBuild,
  settings: AnswerSettings,
  connect: () => Promise<pg.Client>,
  signal?: AbortSignal,
): Promise<number> {
  const sessions: pg.Client[] = [];
  const open = async () => {
    const session = await connect();
    sessions.push(session);
    return session;
  };
  try {
    const reader = await open();
    const loader = await open();
    const scorer = await open();
    await loader.query('BEGIN');
    await build.createLike('product_answers', loader);
    const answers = loader.query(
      copyFrom(
        `COPY ${build.next('product_answers')} (product_id, body)
           FROM STDIN WITH (FORMAT binary, FREEZE)`,
      ),
    );
    const facts = build.next(SCORE_FACTS);
    await scorer.query(
      `CREATE UNLOGGED TABLE ${facts}
         (product_id text, category text, service_score float8, source_count int,
          starting_price_usd float8)`,
    );
    const scores = scorer.query(copyFrom(`COPY ${facts} FROM STDIN`));
    const products = await computeAnswers(reader, (t) => build.next(t), settings, answers, {
      scores,
      signal,
    });
    await loader.query('COMMIT');
    await Promise.all([
      build.on(loader).buildIndexes(['product_answers']),
      rankScores(build.on(scorer), reader),
    ]);
    return products;
  } finally {
    // Failing, a COPY may still be open: ending its session rolls its transaction back.
    await Promise.all(sessions.map((s) => s.end().catch(() => undefined)));
  }
}

/** The unlogged table of the build's schema each product's standing facts are loaded into. */
const SCORE_FACTS = 'product_score_facts';

/**
 * product_scores from the loaded facts (read on `reader`, written on the build's session in
 * the transaction that creates the table): each product's rank and alternatives, chosen a
 * category at a time (storeStandings); then keyed, `reader` building some of its indexes
 * beside. The facts' table is dropped.
 */
async function rankScores(build: CatalogBuild, reader: pg.ClientBase): Promise<void> {
  const facts = build.next(SCORE_FACTS);
  await build.inTransaction(async () => {
    await build.createLike('product_scores');
    await storeStandings(
      reader,
      build.client,
      facts,
      build.next('product_scores'),
      'WITH (FREEZE)',
    );
  });
  await build.client.query(`DROP TABLE ${facts}`);
  await build.buildIndexes(['product_scores'], [reader]);
}

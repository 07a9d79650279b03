import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { fileAccessError } from '../common/file-access.js';
import { projectRoot } from '../config/project-root.js';
import type { CatalogStaging } from './catalog-staging.js';
import type { CatalogCounts, ChunkResult, ChunkTask, LineProblem } from './chunk-validator.js';
import { IdHashSet } from './id-hash-set.js';
import { readLines, splitAtLines } from './line-reader.js';
import type { WorkerMessage } from './validation.worker.js';

export type { CatalogCounts, LineProblem } from './chunk-validator.js';

export interface ValidationResult {
  counts: CatalogCounts;
  problems: LineProblem[];
  badLines: number;
}

export type ValidationProgress = (bytesRead: number, totalBytes: number) => void;

/** Problems beyond this many are counted, not kept. */
export const MAX_REPORTED_PROBLEMS = 1000;
/** Files smaller than this are validated by one worker. */
const PARALLEL_FROM_BYTES = 8 * 1024 * 1024;
/**
 * Files smaller than this (the demo catalog is 0.55 MB) are validated on the calling thread: a
 * worker's start (its modules loaded and the schemas compiled again) costs more than they do,
 * and they are too small to need its bounded heap.
 */
const WORKER_FROM_BYTES = 1024 * 1024;
/** Old-generation heap of each worker: parsing is streamed, so this bounds memory. */
const WORKER_HEAP_MB = 192;

/** The compiled worker; under ts-jest (sources in src/) the build in dist/ is used. */
function workerUrl(): URL {
  if (import.meta.url.endsWith('.js')) return new URL('./validation.worker.js', import.meta.url);
  return pathToFileURL(path.join(projectRoot(), 'dist/src/catalog/validation.worker.js'));
}

/** Validates one chunk in a worker thread of its own, or with `inThread` on this one. */
async function validateRange(
  task: ChunkTask,
  onBytes: (bytes: number) => void,
  inThread: boolean,
): Promise<ChunkResult> {
  if (inThread) {
    // Loaded when needed: a process that validates no catalog never compiles the schemas.
    const { validateChunk } = await import('./chunk-validator.js');
    return await validateChunk(task, onBytes);
  }
  return await new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl(), {
      workerData: task,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let result: ChunkResult | undefined;
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onBytes(message.bytes);
      else result = message.result;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`catalog validation worker stopped (exit code ${code})`));
    });
  });
}

/**
 * Validates every line of a catalog file, in parallel over byte ranges that start at line
 * boundaries (one worker thread each; a small file on this thread). While no line has failed,
 * each range's COPY rows are also written into `staging`, so a valid file is parsed once.
 */
export async function validateCatalogFile(
  file: string,
  staging?: CatalogStaging,
  onProgress?: ValidationProgress,
): Promise<ValidationResult> {
  const totalBytes = await stat(file).then(
    (s) => s.size,
    (error: unknown) => {
      throw fileAccessError('read', file, error);
    },
  );
  const parts = totalBytes < PARALLEL_FROM_BYTES ? 1 : Math.min(os.availableParallelism(), 4);
  const ranges = await splitAtLines(file, parts);
  staging?.setChunks(ranges.length);
  let done = 0;
  const results = await Promise.all(
    ranges.map((range, chunk) =>
      validateRange(
        {
          file,
          range,
          chunk,
          maxProblems: MAX_REPORTED_PROBLEMS,
          ...(staging && { stagingDir: staging.dir }),
        },
        (bytes) => {
          done += bytes;
          onProgress?.(done, totalBytes);
        },
        totalBytes < WORKER_FROM_BYTES,
      ),
    ),
  );
  return await merge(file, results);
}

/** Joins the chunks' findings with file-wide line numbers, and confirms duplicate ids. */
async function merge(file: string, results: ChunkResult[]): Promise<ValidationResult> {
  const counts: CatalogCounts = { products: 0, reviews: 0, offers: 0 };
  const problems: LineProblem[] = [];
  const suspects: [number, number][] = [];
  const ids =
    results.length > 1
      ? new IdHashSet(results.reduce((n, r) => n + r.counts.products, 0))
      : undefined;
  let badLines = 0;
  let offset = 0;
  for (const result of results) {
    counts.products += result.counts.products;
    counts.reviews += result.counts.reviews;
    counts.offers += result.counts.offers;
    badLines += result.badLines;
    for (const p of result.problems) problems.push({ ...p, line: p.line + offset });
    for (const [a, b] of result.suspects) suspects.push([a + offset, b + offset]);
    const base = offset;
    if (ids) {
      IdHashSet.forEach(result.ids, (h1, h2, line) => {
        const earlier = ids.addOrGet(h1, h2, line + base);
        if (earlier !== 0) suspects.push([earlier, line + base]);
      });
    }
    offset += result.lines;
  }
  const duplicates = suspects.length > 0 ? await confirmDuplicates(file, suspects) : [];
  badLines += duplicates.length;
  problems.push(...duplicates);
  problems.sort((a, b) => a.line - b.line);
  return { counts, problems: problems.slice(0, MAX_REPORTED_PROBLEMS), badLines };
}

/** Re-reads only the suspected lines: a pair is a duplicate when the ids are equal. */
async function confirmDuplicates(
  file: string,
  suspects: [number, number][],
): Promise<LineProblem[]> {
  const wanted = new Set(suspects.flat());
  const last = suspects.reduce((max, [, line]) => Math.max(max, line), 0);
  const idOfLine = new Map<number, string>();
  for await (const line of readLines(file)) {
    if (wanted.has(line.number) && 'text' in line) {
      idOfLine.set(line.number, (JSON.parse(line.text) as { id: string }).id);
    }
    if (line.number >= last) break;
  }
  return suspects
    .filter(([a, b]) => idOfLine.get(a) === idOfLine.get(b))
    .map(([first, line]) => ({
      line,
      first,
      field: 'id',
      message: `duplicate id "${idOfLine.get(line)}" (first on line ${first})`,
    }));
}

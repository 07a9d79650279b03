import { parentPort, workerData } from 'node:worker_threads';
import { validateChunk, type ChunkResult, type ChunkTask } from './chunk-validator.js';

// One validation worker: validates (and stages) one chunk of a catalog file.

export type WorkerMessage =
  { type: 'progress'; bytes: number } | { type: 'done'; result: ChunkResult };

const port = parentPort;
if (!port) throw new Error('validation.worker must run in a worker thread');

const result = await validateChunk(workerData as ChunkTask, (bytes) =>
  port.postMessage({ type: 'progress', bytes } satisfies WorkerMessage),
);
const { h1, h2, lines } = result.ids;
port.postMessage({ type: 'done', result } satisfies WorkerMessage, [
  h1.buffer,
  h2.buffer,
  lines.buffer,
]);

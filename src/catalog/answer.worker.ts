import { parentPort, workerData } from 'node:worker_threads';
import { answerBatcher, type AnswerRows, type AnswerTask } from './answer-batch.js';

// One worker of catalog-answers.ts: each message is a batch of product lines (COPY text), each
// reply the batch's COPY rows (the answers' buffer handed over, not copied).

export interface AnswerRequest {
  id: number;
  lines: string[];
}
export interface AnswerReply {
  id: number;
  rows?: AnswerRows;
  error?: string;
}

const port = parentPort;
if (!port) throw new Error('answer.worker must run in a worker thread');
const batch = answerBatcher(workerData as AnswerTask);
port.on('message', ({ id, lines }: AnswerRequest) => {
  try {
    const rows = batch(lines);
    port.postMessage({ id, rows } satisfies AnswerReply, [rows.answers.buffer as ArrayBuffer]);
  } catch (error) {
    port.postMessage({ id, error: (error as Error).stack ?? String(error) } satisfies AnswerReply);
  }
});

import { createReadStream } from 'node:fs';
import { isUtf8 } from 'node:buffer';

export const MAX_LINE_BYTES = 1024 * 1024;

export type Line =
  | { number: number; text: string; bytesRead: number }
  | { number: number; error: string; bytesRead: number };

const NEWLINE = 0x0a;

/**
 * The lines of a file, streamed: never more than one chunk and one line in memory.
 * Blank lines are skipped; a line over MAX_LINE_BYTES or not UTF-8 is reported as
 * an error line instead of text.
 */
export async function* readLines(file: string): AsyncGenerator<Line> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  let number = 0;
  let bytesRead = 0;

  function finish(last: Buffer): Line | undefined {
    number += 1;
    const parts = pendingBytes > 0 ? Buffer.concat([...pending, last]) : last;
    const wasTooLong = tooLong || parts.length > MAX_LINE_BYTES;
    pending = [];
    pendingBytes = 0;
    tooLong = false;
    if (wasTooLong) return { number, error: `longer than ${MAX_LINE_BYTES} bytes`, bytesRead };
    if (!isUtf8(parts)) return { number, error: 'not valid UTF-8', bytesRead };
    let text = parts.toString('utf8');
    if (number === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim() === '') return undefined;
    return { number, text, bytesRead };
  }

  for await (const chunk of createReadStream(file, {
    highWaterMark: 1024 * 1024,
  }) as AsyncIterable<Buffer>) {
    bytesRead += chunk.length;
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const line = finish(chunk.subarray(start, end));
      if (line) yield line;
      start = end + 1;
    }
    const rest = chunk.subarray(start);
    if (rest.length > 0) {
      if (pendingBytes + rest.length > MAX_LINE_BYTES) {
        tooLong = true; // keep counting, drop the bytes
      } else {
        pending.push(Buffer.from(rest));
        pendingBytes += rest.length;
      }
    }
  }
  if (pendingBytes > 0 || tooLong) {
    const line = finish(Buffer.alloc(0));
    if (line) yield line;
  }
}

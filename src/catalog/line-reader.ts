import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { invalidUtf8At, MAX_RECORD_BYTES } from '../feeds/utf8-text.js';

export const MAX_LINE_BYTES = MAX_RECORD_BYTES;

export type Line =
  | { number: number; text: string; bytesRead: number }
  | { number: number; error: string; bytesRead: number };

const NEWLINE = 0x0a;

/** A byte range of a file that starts at the beginning of a line. */
export interface ByteRange {
  start: number;
  /** Exclusive; Infinity for the end of the file. */
  end: number;
}

/**
 * The lines of a file (or of a byte range of it), streamed: never more than one chunk
 * and one line in memory. Numbers count from 1 within the range, blank lines included
 * (as empty text); a line over MAX_LINE_BYTES or not UTF-8 is reported as an error line.
 */
export async function* readLines(
  file: string,
  range: ByteRange = { start: 0, end: Infinity },
): AsyncGenerator<Line> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  let number = 0;
  let bytesRead = 0;
  /** Where the line being read starts in the file. */
  let lineStart = range.start;

  function finish(last: Buffer): Line {
    number += 1;
    const parts = pendingBytes > 0 ? Buffer.concat([...pending, last]) : last;
    const wasTooLong = tooLong || parts.length > MAX_LINE_BYTES;
    pending = [];
    pendingBytes = 0;
    tooLong = false;
    if (wasTooLong) return { number, error: `longer than ${MAX_LINE_BYTES} bytes`, bytesRead };
    if (!isUtf8(parts))
      return {
        number,
        error: `not valid UTF-8 (byte ${lineStart + (invalidUtf8At(parts) ?? 0)})`,
        bytesRead,
      };
    let text = parts.toString('utf8');
    if (number === 1 && range.start === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.endsWith('\r')) text = text.slice(0, -1);
    return { number, text, bytesRead };
  }

  const stream = createReadStream(file, {
    highWaterMark: 1024 * 1024,
    start: range.start,
    ...(Number.isFinite(range.end) && { end: range.end - 1 }),
  });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const chunkStart = range.start + bytesRead;
    bytesRead += chunk.length;
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      yield finish(chunk.subarray(start, end));
      start = end + 1;
      lineStart = chunkStart + start;
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
  if (pendingBytes > 0 || tooLong) yield finish(Buffer.alloc(0));
}

/** Splits a file into up to `parts` ranges that each start at the beginning of a line. */
export async function splitAtLines(file: string, parts: number): Promise<ByteRange[]> {
  const handle = await open(file);
  try {
    const { size } = await handle.stat();
    const starts = [0];
    const probe = Buffer.alloc(64 * 1024);
    for (let k = 1; k < parts; k++) {
      let position = Math.max(Math.floor((size * k) / parts), starts.at(-1)!);
      let next = -1;
      while (next === -1 && position < size) {
        const { bytesRead } = await handle.read(probe, 0, probe.length, position);
        const at = probe.subarray(0, bytesRead).indexOf(NEWLINE);
        if (at === -1) position += bytesRead;
        else next = position + at + 1;
      }
      if (next === -1 || next >= size) break;
      if (next > starts.at(-1)!) starts.push(next);
    }
    return starts.map((start, i) => ({ start, end: starts[i + 1] ?? Infinity }));
  } finally {
    await handle.close();
  }
}

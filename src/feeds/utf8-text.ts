import { createReadStream } from 'node:fs';

// Every file form (JSON Lines, a JSON array, CSV, a shop's TSV or XML feed) is UTF-8, and bytes
// that are not are refused where they are, never read as U+FFFD: a product name with a
// replacement character in it would be published for good. The decoding is the platform's
// (a fatal TextDecoder), so that "valid" means what WHATWG's decoder says it means.

/** The longest line, row, item or field any reader keeps in memory (operations.md: 1 MiB). */
export const MAX_RECORD_BYTES = 1024 * 1024;

/** Bytes that are not UTF-8: the line (from 1) and the byte offset (from 0) of the first. */
export class InvalidUtf8Error extends Error {
  constructor(
    readonly line: number,
    readonly offset: number,
  ) {
    super(`not valid UTF-8 (line ${line}, byte ${offset})`);
  }
}

const NEWLINE = 0x0a;

function newlines(bytes: Uint8Array, end = bytes.length): number {
  let count = 0;
  for (let i = bytes.indexOf(NEWLINE); i !== -1 && i < end; i = bytes.indexOf(NEWLINE, i + 1))
    count += 1;
  return count;
}

/** Whether a fresh fatal decoder reads `bytes` (as the start of a stream, or whole). */
function decodes(bytes: Uint8Array, whole: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: !whole });
    return true;
  } catch {
    return false;
  }
}

/**
 * Where the first sequence of `bytes` that is not UTF-8 starts, or undefined. `whole`: the
 * bytes end the file, so a sequence cut off at the end is an error too. Prefixes that read as
 * a stream are found by halving (a cut-off last sequence is no error in a stream), then the
 * bad sequence starts after the longest whole prefix before the byte that broke it (at most
 * 3 back). A few decodes of the bytes, only once a decode has failed.
 */
export function invalidUtf8At(bytes: Uint8Array, whole = true): number | undefined {
  if (decodes(bytes, whole)) return undefined;
  let good = 0; // a prefix of this length reads as a stream
  let bad = bytes.length + 1; // one of this length does not (the whole of it, cut off)
  if (decodes(bytes, false)) good = bytes.length;
  while (bad - good > 1) {
    const middle = (good + bad) >>> 1;
    if (decodes(bytes.subarray(0, middle), false)) good = middle;
    else bad = middle;
  }
  let start = good;
  while (start > good - 3 && start > 0 && !decodes(bytes.subarray(0, start), true)) start -= 1;
  return start;
}

/**
 * The text of a file, decoded as it streams: a chunk of text at a time, a byte order mark
 * left out. At the first bytes that are not UTF-8, the text of the lines before theirs is
 * given, then an InvalidUtf8Error is thrown: a reader has read every whole line before it.
 */
export async function* utf8Text(file: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let line = 1;
  let offset = 0;
  // The bytes of a character the last chunk ended inside of, which the decoder holds.
  let pending: Uint8Array = Buffer.alloc(0);
  let first = true;
  for await (const chunk of createReadStream(file, {
    highWaterMark: 256 * 1024,
  }) as AsyncIterable<Buffer>) {
    const start = offset - pending.length;
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      yield* refused(Buffer.concat([pending, chunk]), line, start, false);
      return;
    }
    line += newlines(chunk);
    offset += chunk.length;
    // Valid text is its bytes: those it does not hold, the decoder holds (at most 3).
    const held = pending.length + chunk.length - Buffer.byteLength(text);
    pending =
      held <= chunk.length
        ? chunk.subarray(chunk.length - held)
        : Buffer.concat([pending, chunk]).subarray(pending.length + chunk.length - held);
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    if (text !== '') yield text;
  }
  if (pending.length > 0)
    yield* refused(pending, line - newlines(pending), offset - pending.length, true);
}

/**
 * The lines of `bytes` (at `line` and `offset` of the file, a character's start) before the
 * one with bytes that are not UTF-8, then the InvalidUtf8Error that says where.
 */
function* refused(
  bytes: Uint8Array,
  line: number,
  offset: number,
  whole: boolean,
): Generator<string> {
  const index = invalidUtf8At(bytes, whole) ?? bytes.length;
  const before = index === 0 ? 0 : bytes.lastIndexOf(NEWLINE, index - 1) + 1;
  // The bytes before the bad one read, so their whole lines do; a file's BOM is left out.
  if (before > 0)
    yield new TextDecoder('utf-8', { fatal: true, ignoreBOM: offset !== 0 }).decode(
      bytes.subarray(0, before),
    );
  throw new InvalidUtf8Error(line + newlines(bytes, index), offset + index);
}

import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { invalidUtf8At } from '../../feeds/utf8-text.js';
import { MAX_LINE_BYTES } from '../line-reader.js';

/** One item of a JSON array file: its text on one line, or why it cannot be read. */
export type ArrayItem =
  | { item: number; line: number; text: string }
  /** `ends`: the array cannot be read past this point. */
  | { item: number; line: number; error: string; ends?: boolean };

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a;

/**
 * The items of a file holding one JSON array, streamed: the array is split at its top-level
 * commas, so a file of a million products never sits in memory. Each item's text comes on
 * one line (a newline outside a JSON string is white space), ready to be read as a JSON Lines
 * line, with the number of the line it starts on. Whether the item is valid JSON is for the
 * reader of the line to say; this only finds where items begin and end.
 */
export async function* jsonArrayItems(file: string): AsyncGenerator<ArrayItem> {
  let line = 1;
  let state: 'before' | 'between' | 'item' | 'after' = 'before';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: Buffer[] = [];
  let size = 0;
  let item = 0;
  let itemLine = 0;
  let closed = false;

  let itemOffset = 0;
  let chunkOffset = 0;

  function finish(): ArrayItem {
    const bytes = Buffer.concat(parts);
    const tooLong = size > MAX_LINE_BYTES;
    parts = [];
    size = 0;
    if (tooLong) return { item, line: itemLine, error: `longer than ${MAX_LINE_BYTES} bytes` };
    // Refused, not read as U+FFFD: the bytes of a name are published as they are.
    if (!isUtf8(bytes)) {
      // The line and byte of the fault, as every form says them (utf8-text.ts): an item may
      // span many lines.
      const at = invalidUtf8At(bytes) ?? 0;
      const badLine = itemLine + bytes.subarray(0, at).filter((b) => b === NEWLINE).length;
      return {
        item,
        line: itemLine,
        error: `not valid UTF-8 (line ${badLine}, byte ${itemOffset + at})`,
      };
    }
    const text = bytes
      .toString('utf8')
      .replace(/[\r\n]+/g, ' ')
      .trimEnd();
    return { item, line: itemLine, text };
  }

  let first = true;
  for await (const chunk of createReadStream(file, {
    highWaterMark: 1024 * 1024,
  }) as AsyncIterable<Buffer>) {
    let start = 0;
    let i = 0;
    if (first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = start = 3;
    first = false;
    for (; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === NEWLINE) line += 1;
      if (state === 'item') {
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
          continue;
        }
        if (byte === QUOTE) inString = true;
        else if (byte === 0x7b || byte === OPEN) depth += 1;
        else if (byte === 0x7d || (byte === CLOSE && depth > 0)) depth -= 1;
        else if (depth === 0 && (byte === COMMA || byte === CLOSE)) {
          keep(chunk.subarray(start, i));
          yield finish();
          state = byte === COMMA ? 'between' : 'after';
          closed = byte === CLOSE;
        }
        continue;
      }
      if (isSpace(byte)) continue;
      if (state === 'before') {
        if (byte !== OPEN) {
          yield { item: 0, line, error: 'a JSON array must start with [', ends: true };
          return;
        }
        state = 'between';
      } else if (state === 'between') {
        if (byte === CLOSE && item === 0) {
          state = 'after';
          closed = true;
          continue;
        }
        if (byte === COMMA || byte === CLOSE) {
          yield {
            item: item + 1,
            line,
            error: 'an item is missing between two commas',
            ends: true,
          };
          return;
        }
        item += 1;
        itemLine = line;
        itemOffset = chunkOffset + i;
        state = 'item';
        start = i;
        i -= 1; // read this byte again as the item's first
      } else {
        yield {
          item,
          line,
          error: 'text after the end of the array (its closing ])',
          ends: true,
        };
        return;
      }
    }
    if (state === 'item') keep(chunk.subarray(start));
    chunkOffset += chunk.length;
  }
  if (state === 'before')
    yield { item: 0, line, error: 'the file is empty: a JSON array was expected', ends: true };
  else if (!closed)
    yield {
      item: item + (state === 'item' ? 0 : 1),
      line: state === 'item' ? itemLine : line,
      error: 'the file ends inside the array: its closing ] is missing',
      ends: true,
    };

  function keep(bytes: Buffer): void {
    if (size <= MAX_LINE_BYTES) parts.push(Buffer.from(bytes));
    size += bytes.length;
  }
}

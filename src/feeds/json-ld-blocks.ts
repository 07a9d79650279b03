import { MAX_RECORD_BYTES } from './utf8-text.js';

// A shop's page is read as it streams and only its JSON-LD is kept: the rest of the HTML, however
// long, is skipped as it goes by. What a page may hold of JSON-LD is bounded as every other
// record of a file is (utf8-text.ts), all its blocks together: a page's blocks are held until
// the page has been read (a page that is not UTF-8 is none of its products), so a bound on one
// block alone would not bound what a page costs.

export interface JsonLdBlock {
  /** The line its text starts on. */
  line: number;
  json: string;
}

/** The page's JSON-LD, up to this block, is longer than the bound: it is read no further. */
export interface JsonLdOverflow {
  line: number;
  error: string;
}

/** The opening tag of a JSON-LD block, attributes in any order, quoted or not, any case. */
const LD_TAG = /^<script\b[^>]*\btype\s*=\s*["']?application\/ld\+json["']?[^>]*>$/i;
const SCRIPT = /<script\b/i;
const CLOSE = /<\/script\s*>/i;
/** What may be the start of a closing tag cut off by the end of a chunk. */
const CLOSE_START = /<(?:\/(?:s(?:c(?:r(?:i(?:p(?:t\s*)?)?)?)?)?)?)?$/i;

const newlines = (text: string, end: number) => {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
};

/**
 * The JSON-LD blocks of a page's text as it streams (every `<script type="application/ld+json">`
 * of an HTML page; all of a JSON file, `html` false), each with its first line; or, once the
 * page's JSON-LD passes MAX_RECORD_BYTES characters, where, and nothing after. A block left
 * open at the end of an HTML page is none.
 */
export async function* jsonLdBlocks(
  text: AsyncIterable<string> | Iterable<string>,
  html: boolean,
): AsyncGenerator<JsonLdBlock | JsonLdOverflow> {
  let buffer = ''; // the text not yet read past
  let line = 1; // the line the buffer starts on
  let kept = 0; // characters of the page's JSON-LD so far, the open block's included
  let block: { line: number; parts: string[] } | undefined = html
    ? undefined
    : { line: 1, parts: [] };
  const skip = (length: number) => {
    line += newlines(buffer, length);
    buffer = buffer.slice(length);
  };
  const keep = (length: number) => {
    block!.parts.push(buffer.slice(0, length));
    kept += length;
    skip(length);
  };
  const overflow = (): JsonLdOverflow => ({
    line: block!.line,
    error: `JSON-LD longer than ${MAX_RECORD_BYTES} characters: the page is not read past it`,
  });
  for await (const chunk of text) {
    buffer += chunk;
    for (;;) {
      if (block) {
        const close = html ? CLOSE.exec(buffer) : null;
        if (kept + (close?.index ?? buffer.length) > MAX_RECORD_BYTES) {
          yield overflow();
          return;
        }
        if (!close) {
          // All but what may be the start of the closing tag (bounded: it counts above).
          const start = html ? buffer.lastIndexOf('<') : -1;
          keep(start !== -1 && CLOSE_START.test(buffer.slice(start)) ? start : buffer.length);
          break;
        }
        keep(close.index);
        yield { line: block.line, json: block.parts.join('') };
        block = undefined;
        skip(close[0].length);
        continue;
      }
      const script = SCRIPT.exec(buffer);
      if (!script) {
        skip(Math.max(0, buffer.length - '<script'.length)); // it may start at the end
        break;
      }
      skip(script.index);
      const end = buffer.indexOf('>');
      if (end === -1) {
        if (buffer.length <= MAX_RECORD_BYTES) break; // the tag goes on in the next chunk
        skip(buffer.length - '<script'.length); // no tag is that long
        continue;
      }
      // A `<script` inside a tag that is not a block's opens none either: it ends the same.
      const ld = LD_TAG.test(buffer.slice(0, end + 1));
      skip(end + 1);
      if (ld) block = { line, parts: [] };
    }
  }
  if (block && !html) yield { line: block.line, json: block.parts.join('') };
}

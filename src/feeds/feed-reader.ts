import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { readablePath } from '../common/file-access.js';
import {
  FeedFormatError,
  validateFeedItem,
  type FeedItem,
  type FeedProblem,
  type RawFeedItem,
} from './feed-item.js';
import { jsonLdBlocks, type JsonLdBlock, type JsonLdOverflow } from './json-ld-blocks.js';
import { jsonLdFeedItems, jsonLdProducts, type JsonLdProduct } from './json-ld.js';
import { merchantTsvItems } from './merchant-tsv.js';
import { merchantXmlItems } from './merchant-xml.js';
import { InvalidUtf8Error, utf8Text } from './utf8-text.js';

export type FeedKind = 'merchant-tsv' | 'merchant-xml' | 'json-ld';

/** A feed being read: its items, valid or not, and the shop's name where the feed gives it. */
export interface Feed {
  kind: FeedKind;
  items: AsyncGenerator<FeedItem | FeedProblem[]>;
  /** Known once the items are read. */
  shop(): string | undefined;
}

const JSON_LD_EXTENSIONS = new Set(['.html', '.htm', '.jsonld', '.json']);

async function kindOf(file: string): Promise<FeedKind> {
  if ((await readablePath(file, { folders: true })) === 'folder') return 'json-ld';
  const extension = path.extname(file).toLowerCase();
  if (JSON_LD_EXTENSIONS.has(extension)) return 'json-ld';
  if (extension === '.xml' || extension === '.rss' || extension === '.atom') return 'merchant-xml';
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').trimStart().startsWith('<')
      ? 'merchant-xml'
      : 'merchant-tsv';
  } finally {
    await handle.close();
  }
}

/** The files of a folder of pages, or the one file, in name order. */
async function pages(from: string): Promise<string[]> {
  if (!(await stat(from)).isDirectory()) return [from];
  const entries = await readdir(from, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && JSON_LD_EXTENSIONS.has(path.extname(e.name).toLowerCase()))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Where a page cannot be read past: the feed or import that holds it is refused whole. */
interface UnreadablePage extends FeedProblem {
  unreadable: true;
}

/**
 * A page's JSON-LD blocks (json-ld-blocks.ts: its JSON-LD alone is kept, and bounded), or
 * where it is not UTF-8 (utf8-text.ts: every file form is UTF-8), or where it has more
 * JSON-LD than a page may.
 */
async function page(file: string): Promise<{
  file: string;
  blocks: JsonLdBlock[];
  invalid?: InvalidUtf8Error;
  unreadable?: JsonLdOverflow;
}> {
  const html = !['.json', '.jsonld'].includes(path.extname(file).toLowerCase());
  const blocks: JsonLdBlock[] = [];
  try {
    for await (const block of jsonLdBlocks(utf8Text(file), html)) {
      if ('error' in block) return { file, blocks: [], unreadable: block };
      blocks.push(block);
    }
  } catch (error) {
    if (error instanceof InvalidUtf8Error) return { file, blocks: [], invalid: error };
    throw error;
  }
  return { file, blocks };
}

/** Pages are read this many at a time: a folder of a shop's pages is tens of thousands. */
const READ_AHEAD = 64;

/** Every Product of a page or folder of pages, or the problem of a block that is not JSON. */
export async function* jsonLdPageProducts(
  from: string,
): AsyncGenerator<{ file: string; product: JsonLdProduct } | FeedProblem | UnreadablePage> {
  const files = await pages(from);
  for (let start = 0; start < files.length; start += READ_AHEAD) {
    const batch = await Promise.all(files.slice(start, start + READ_AHEAD).map(page));
    for (const { file, blocks, invalid, unreadable } of batch) {
      const name = path.relative(path.dirname(from), file);
      if (invalid) {
        // A page that is not UTF-8 is none of its products, rather than names with U+FFFD.
        yield { file: name, line: invalid.line, message: invalid.message };
        continue;
      }
      if (unreadable) {
        yield { file: name, line: unreadable.line, message: unreadable.error, unreadable: true };
        continue;
      }
      for (const block of blocks) {
        let value: unknown;
        try {
          value = JSON.parse(block.json);
        } catch (error) {
          yield {
            file: name,
            line: block.line,
            message: `not valid JSON-LD (${(error as Error).message})`,
          };
          continue;
        }
        for (const product of jsonLdProducts(value, block.line)) yield { file: name, product };
      }
    }
  }
}

async function* validated(
  raw: AsyncIterable<RawFeedItem | FeedProblem>,
): AsyncGenerator<FeedItem | FeedProblem[]> {
  for await (const item of raw) yield 'message' in item ? [item] : validateFeedItem(item);
}

async function* jsonLdItems(from: string): AsyncGenerator<RawFeedItem | FeedProblem> {
  for await (const found of jsonLdPageProducts(from))
    if ('product' in found) yield* jsonLdFeedItems(found.product, found.file);
    else if ('unreadable' in found)
      throw new FeedFormatError(`${found.file} line ${found.line}: ${found.message}`);
    else yield found;
}

/**
 * A shop's feed, by its extension or content: Google Merchant Center's product data as
 * delimited text or XML (RSS or Atom), or schema.org Product JSON-LD in pages or files (a
 * file, or a folder of them). Each item is validated as an offer (feed-item.ts).
 */
export async function readFeed(from: string): Promise<Feed> {
  const kind = await kindOf(from);
  if (kind === 'merchant-tsv')
    return { kind, items: validated(merchantTsvItems(from)), shop: () => undefined };
  if (kind === 'merchant-xml') {
    const xml = merchantXmlItems(from);
    return { kind, items: validated(xml.items), shop: () => xml.title() };
  }
  return { kind, items: validated(jsonLdItems(from)), shop: () => undefined };
}

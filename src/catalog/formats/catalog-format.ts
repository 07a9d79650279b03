import { open } from 'node:fs/promises';
import path from 'node:path';
import { readablePath } from '../../common/file-access.js';

/** The forms a catalog file may take (catalog-format.md; docs/operations.md, Catalog files). */
export const CATALOG_FORMATS = ['jsonl', 'json', 'csv', 'jsonld'] as const;
export type CatalogFormat = (typeof CATALOG_FORMATS)[number];

/** The file cannot be read in the format asked for, or in any: one sentence says why. */
export class CatalogFormatError extends Error {}

const BY_EXTENSION: Readonly<Record<string, CatalogFormat>> = {
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
  '.json': 'json',
  '.csv': 'csv',
  '.tsv': 'csv',
  '.jsonld': 'jsonld',
  '.html': 'jsonld',
  '.htm': 'jsonld',
};

/** What a file's first bytes look like. */
type Content = 'empty' | 'array' | 'lines' | 'spread-object' | 'markup' | 'table' | 'other';

/**
 * Compressed and archived files, by their first bytes: read as text they would be thousands of
 * bad lines, so each is refused with what it is and what to do.
 */
const PACKED: readonly { magic: readonly number[]; what: string; todo: string }[] = [
  { magic: [0x1f, 0x8b], what: 'gzip-compressed', todo: 'decompress it (gunzip -k FILE)' },
  {
    magic: [0x50, 0x4b, 0x03, 0x04],
    what: 'a zip archive (or a spreadsheet, which is one)',
    todo: 'extract the catalog from it, or save a spreadsheet as CSV',
  },
  {
    magic: [0x28, 0xb5, 0x2f, 0xfd],
    what: 'zstd-compressed',
    todo: 'decompress it (zstd -d FILE)',
  },
  { magic: [0x42, 0x5a, 0x68], what: 'bzip2-compressed', todo: 'decompress it (bunzip2 -k FILE)' },
  {
    magic: [0xfd, 0x37, 0x7a, 0x58, 0x5a],
    what: 'xz-compressed',
    todo: 'decompress it (xz -dk FILE)',
  },
];

const SNIFF_BYTES = 64 * 1024;

async function sniff(file: string): Promise<{ content: Content; firstLine: string }> {
  const handle = await open(file);
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    const packed = PACKED.find(({ magic }) => magic.every((byte, i) => buffer[i] === byte));
    if (packed)
      throw new CatalogFormatError(
        `${path.basename(file)} is ${packed.what}: ${packed.todo.replace('FILE', path.basename(file))}, then import the file it gives`,
      );
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const start = text.search(/\S/);
    if (start === -1) return { content: 'empty', firstLine: '' };
    const firstLine = text.slice(start).split(/\r?\n/, 1)[0]!;
    // A first line longer than what was read, or one that ends as an object does, is one
    // object a line: too long, too deep or mistaken, the validator says which, on its line.
    const whole = bytesRead < SNIFF_BYTES || /\r?\n/.test(text.slice(start));
    const spread = whole && !firstLine.trimEnd().endsWith('}') && !parses(firstLine);
    const content: Content =
      text[start] === '['
        ? 'array'
        : text[start] === '{'
          ? spread
            ? 'spread-object'
            : 'lines'
          : text[start] === '<'
            ? 'markup'
            : /^[^{[<"]*["\w ]+[,\t;]/.test(firstLine)
              ? 'table'
              : 'other';
    return { content, firstLine };
  } finally {
    await handle.close();
  }
}

/** A file taken for CSV (its name or --format) that holds JSON is refused with what it is. */
function csvOrWhy(name: string, content: Content): CatalogFormat {
  if (content === 'array')
    throw new CatalogFormatError(
      `${name} holds a JSON array, not CSV: give --format json to read it as an array`,
    );
  if (content === 'lines')
    throw new CatalogFormatError(
      `${name} holds JSON objects, not CSV: give --format jsonl to read it as JSON Lines`,
    );
  return 'csv';
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const quoted = (line: string) => JSON.stringify(line.length > 40 ? `${line.slice(0, 40)}…` : line);

/**
 * The format of a catalog file: `--format` when given, else its extension, else its content.
 * A file whose content contradicts what was expected is refused with one sentence, the one a
 * newcomer needs (a JSON array or CSV where JSON Lines was expected, objects spread over lines).
 */
export async function catalogFormat(file: string, asked?: string): Promise<CatalogFormat> {
  if (asked !== undefined && !(CATALOG_FORMATS as readonly string[]).includes(asked))
    throw new CatalogFormatError(
      `--format must be one of ${CATALOG_FORMATS.join(', ')} (got ${JSON.stringify(asked)})`,
    );
  if ((await readablePath(file, { folders: true })) === 'folder') {
    if (asked === undefined || asked === 'jsonld') return 'jsonld';
    throw new CatalogFormatError(
      `${file} is a folder: only --format jsonld reads a folder (of JSON-LD and HTML files)`,
    );
  }
  const name = path.basename(file);
  const expected = (asked as CatalogFormat | undefined) ?? BY_EXTENSION[path.extname(name)];
  if (expected === 'jsonld') return expected;
  const { content, firstLine } = await sniff(file);
  if (content === 'spread-object')
    throw new CatalogFormatError(
      `${name} holds a JSON object spread over several lines: JSON Lines needs each product ` +
        'on one line; or write the products as a JSON array, [ {...}, {...} ]',
    );
  if (expected === 'csv') return csvOrWhy(name, content);
  if (expected === 'jsonl' && content === 'array')
    throw new CatalogFormatError(
      `${name} holds a JSON array, not JSON Lines (one product per line): ` +
        'give --format json to read it as an array',
    );
  if (expected === 'jsonl' && content === 'table')
    throw new CatalogFormatError(
      `${name} looks like CSV (its first line is ${quoted(firstLine)}), not JSON Lines: ` +
        'give --format csv to read it as CSV',
    );
  if (expected === 'json' && content === 'lines') return 'jsonl';
  if (expected !== undefined) return expected;
  if (content === 'array') return 'json';
  if (content === 'table') return 'csv';
  if (content === 'markup') return 'jsonld';
  return 'jsonl';
}

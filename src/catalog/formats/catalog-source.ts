import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { readablePath } from '../../common/file-access.js';
import { catalogLineSchema } from '../catalog-line.schema.js';
import { parseCatalogLine } from '../catalog-line.parse.js';
import { issuesOf, lineProblems, type LineProblem } from '../chunk-validator.js';
import { MAX_REPORTED_PROBLEMS } from '../catalog-validator.js';
import { hashId, IdHashSet } from '../id-hash-set.js';
import { catalogFormat, CatalogFormatError, type CatalogFormat } from './catalog-format.js';
import {
  badCells,
  besideBadCells,
  missingColumns,
  readHeader,
  rowRecord,
  type Column,
} from './csv-columns.js';
import { csvRows, isBlankRow } from '../../feeds/csv-rows.js';
import { jsonArrayItems } from './json-array-items.js';
import { jsonLdCatalogLines } from './json-ld-catalog.js';

/** What an admin gives `catalog:import`: the file, and for CSV its review and offer files. */
export interface CatalogSource {
  file: string;
  /** jsonl, json, csv or jsonld; default: from the extension, else the content. */
  format?: string;
  /** CSV: a file of reviews, one a row, joined to the products by `product_id`. */
  reviews?: string;
  /** CSV: a file of offers, one a row, joined to the products by `product_id`. */
  offers?: string;
}

/** A catalog as the import reads it: JSON Lines, the source's own or converted from it. */
export interface ReadableCatalog {
  format: CatalogFormat;
  /** The JSON Lines file to validate and load. */
  file: string;
  /** What converting found wrong with the source's structure, located in the source. */
  problems: LineProblem[];
  /** The rows or items those problems are of (a row may have several). */
  badLines: number;
  /** Where line `n` of `file` came from ("products.csv row 12"); none for JSON Lines. */
  locate?: (line: number) => string;
  /** The ids of the products (a CSV's), for its review and offer files. */
  ids?: IdHashSet;
}

/** Line numbers of the source, one for each converted line, in a growing typed array. */
class LineNumbers {
  private numbers = new Uint32Array(1024);
  private size = 0;

  push(n: number): void {
    if (this.size === this.numbers.length) {
      const bigger = new Uint32Array(this.size * 2);
      bigger.set(this.numbers);
      this.numbers = bigger;
    }
    this.numbers[this.size++] = n;
  }

  at(index: number): number {
    return this.numbers[index] ?? 0;
  }
}

/** Lines written in blocks: a million products make a million writes otherwise. */
class LineWriter {
  private readonly stream: WriteStream;
  private buffer: string[] = [];
  private size = 0;

  constructor(file: string) {
    this.stream = createWriteStream(file);
  }

  async write(line: string): Promise<void> {
    this.buffer.push(line, '\n');
    this.size += line.length + 1;
    if (this.size >= 256 * 1024) await this.flush();
  }

  private async flush(): Promise<void> {
    const ok = this.stream.write(this.buffer.join(''));
    this.buffer = [];
    this.size = 0;
    if (!ok) await once(this.stream, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
  }
}

/**
 * The catalog of `source` as JSON Lines. A JSON Lines file is read as it is; a JSON array or a
 * CSV file is converted into `dir`, one product a line, remembering where each came from, so
 * that the import's one validator reports every problem where the admin will look for it.
 */
export async function readableCatalog(
  source: CatalogSource,
  dir: string,
): Promise<ReadableCatalog> {
  const format = await catalogFormat(source.file, source.format);
  if ((source.reviews || source.offers) && format !== 'csv')
    throw new CatalogFormatError('--reviews and --offers go with a CSV catalog file');
  // Before the catalog file is converted: a mistyped side file's name is refused at once.
  for (const side of [source.reviews, source.offers]) if (side) await readablePath(side);
  if (format === 'jsonl') return { format, file: source.file, problems: [], badLines: 0 };
  const file = path.join(dir, 'catalog.jsonl');
  if (format === 'json') return { format, file, ...(await convertArray(source.file, file)) };
  if (format === 'csv') return { format, file, ...(await convertCsv(source, file)) };
  return { format, file, ...(await convertJsonLd(source.file, file)) };
}

/** The products of JSON-LD pages, a line each; one product in several pages is one line. */
async function convertJsonLd(from: string, to: string) {
  const problems: LineProblem[] = [];
  const lines = new Map<string, { line: Record<string, unknown>; at: string }>();
  for await (const found of jsonLdCatalogLines(from)) {
    if ('message' in found) problems.push(found);
    else {
      const id = found.line.id as string;
      const earlier = lines.get(id);
      lines.set(id, earlier ? { ...earlier, line: mergedLine(earlier.line, found.line) } : found);
    }
  }
  const out = new LineWriter(to);
  for (const { line } of lines.values()) await out.write(JSON.stringify(line));
  await out.close();
  const at = [...lines.values()].map((l) => l.at);
  return {
    problems,
    badLines: problems.length,
    locate: (line: number) => at[line - 1] ?? `line ${line}`,
  };
}

/** One product from two pages: the first page's fields, both pages' reviews and offers. */
function mergedLine(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): Record<string, unknown> {
  const list = (line: Record<string, unknown>, key: string) =>
    (line[key] as object[] | undefined) ?? [];
  const sources = new Set(list(a, 'reviews').map((r) => (r as { source: string }).source));
  const reviews = [
    ...list(a, 'reviews'),
    ...list(b, 'reviews').filter((r) => !sources.has((r as { source: string }).source)),
  ];
  const offers = [...list(a, 'offers'), ...list(b, 'offers')];
  return {
    ...b,
    ...a,
    ...(reviews.length > 0 && { reviews }),
    ...(offers.length > 0 && { offers }),
  };
}

async function convertArray(from: string, to: string) {
  const name = path.basename(from);
  const lines = new LineNumbers();
  const problems: LineProblem[] = [];
  const out = new LineWriter(to);
  for await (const item of jsonArrayItems(from)) {
    if ('error' in item) {
      const at =
        item.item === 0
          ? `${name} line ${item.line}`
          : `${name} item ${item.item} (line ${item.line})`;
      problems.push({ line: item.line, at, message: item.error });
      if (item.ends) break;
      await out.write('');
    } else {
      await out.write(item.text);
    }
    lines.push(item.line);
  }
  await out.close();
  return {
    problems,
    badLines: problems.length,
    locate: (line: number) => `${name} item ${line} (line ${lines.at(line - 1)})`,
  };
}

async function convertCsv(source: CatalogSource, to: string) {
  const name = path.basename(source.file);
  const rows = new LineNumbers();
  const problems: LineProblem[] = [];
  const ids = new IdHashSet(64 * 1024);
  const out = new LineWriter(to);
  const from = (other: string | undefined) =>
    other && `the ${path.basename(other)} file gives them: leave this column out`;
  let badRows = 0;
  /** One bad row's problems; past MAX_REPORTED_PROBLEMS the rows are counted, not kept. */
  const report = (found: LineProblem[]) => {
    badRows += 1;
    if (problems.length < MAX_REPORTED_PROBLEMS) problems.push(...lineProblems(found));
  };
  let columns: Column[] | undefined;
  for await (const row of csvRows(source.file)) {
    const at = `${name} row ${row.row}`;
    if ('error' in row) {
      report([{ line: row.line, at, message: row.error }]);
      break;
    }
    if (columns === undefined) {
      const spec = {
        shape: catalogLineSchema.shape,
        refused: { reviews: from(source.reviews), offers: from(source.offers) },
      };
      const read = readHeader(row.cells, spec);
      const header = typeof read === 'string' ? read : (missingColumns(read, spec) ?? read);
      if (typeof header === 'string') {
        report([{ line: row.line, at: `${name} row 1 (the header)`, message: header }]);
        break;
      }
      columns = header;
      continue;
    }
    rows.push(row.row);
    if (isBlankRow(row.cells)) {
      await out.write('');
      continue;
    }
    const record = rowRecord(row.cells, columns);
    const { bad, rest } = badCells(record);
    if (bad.length > 0) {
      // The row's cells that are not values, and what the validator says of the others.
      const parsed = parseCatalogLine(rest);
      const others = parsed.success ? [] : besideBadCells(bad, issuesOf(row.line, parsed.error));
      report([...bad.map((b) => ({ line: row.line, ...b })), ...others].map((p) => ({ ...p, at })));
      await out.write('');
      continue;
    }
    if (typeof record.id === 'string') ids.addOrGet(...hashId(record.id), row.row);
    await out.write(JSON.stringify(record));
  }
  await out.close();
  if (columns === undefined && problems.length === 0)
    report([{ line: 1, at: name, message: 'the file is empty: a header row was expected' }]);
  return {
    problems,
    badLines: badRows,
    ids,
    locate: (line: number) => `${name} row ${rows.at(line - 1)}`,
  };
}

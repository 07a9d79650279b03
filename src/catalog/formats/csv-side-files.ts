import path from 'node:path';
import { CRITERIA } from '../../taxonomy/taxonomy.js';
import { offerSchema, READ_OPTIONS, reviewSchema } from '../catalog-line.schema.js';
import {
  issuesOf,
  lineProblems,
  type CatalogCounts,
  type LineProblem,
} from '../chunk-validator.js';
import { hashId, IdHashSet } from '../id-hash-set.js';
import type { StagingWriter } from '../catalog-staging.js';
import {
  badCells,
  besideBadCells,
  missingColumns,
  readHeader,
  rowRecord,
  type Column,
} from './csv-columns.js';
import { csvRows, isBlankRow } from '../../feeds/csv-rows.js';

/** The column joining a review or an offer to its product. */
const PRODUCT_ID = 'product_id';

export type SideFileKind = 'reviews' | 'offers';

/** What a row's check found: nothing, or its problems without where (the caller knows). */
type Found = Omit<LineProblem, 'line'>[];

export interface SideFileResult {
  counts: Pick<CatalogCounts, 'reviews' | 'offers'>;
  problems: LineProblem[];
  badRows: number;
}

/**
 * The review or offer file of a CSV catalog: each row is validated as the JSON Lines form's
 * review or offer is, joined to a product of the catalog file by `product_id`, and, while no
 * row has failed, written to the staging files. A product has one review per source.
 */
export async function stageSideFile(
  kind: SideFileKind,
  file: string,
  products: IdHashSet,
  writer: StagingWriter | undefined,
  maxProblems: number,
): Promise<SideFileResult> {
  const name = path.basename(file);
  const shape = kind === 'reviews' ? reviewSchema.shape : offerSchema.shape;
  const sources = new IdHashSet(64 * 1024);
  const problems: LineProblem[] = [];
  let badRows = 0;
  let count = 0;
  /** One bad row's problems, all of them up to lineProblems' bound. */
  const report = (line: number, at: string, found: Found) => {
    badRows += 1;
    if (problems.length < maxProblems)
      problems.push(...lineProblems(found.map((p) => ({ ...p, line, at }))));
  };
  const issues = (error: Parameters<typeof issuesOf>[1]): Found =>
    issuesOf(0, error).map(({ field, message }) => ({ ...(field && { field }), message }));
  const staging = () => badRows === 0 && writer !== undefined;

  async function stageReview(productId: string, record: object, row: number): Promise<Found> {
    const parsed = reviewSchema.safeParse(record, READ_OPTIONS);
    if (!parsed.success) return issues(parsed.error);
    const { source } = parsed.data;
    const earlier = sources.addOrGet(...hashId(`${productId}\n${source}`), row);
    if (earlier !== 0)
      return [
        {
          field: 'source',
          message: `duplicate source "${source}" for product "${productId}" (first on row ${earlier}): one review per source`,
        },
      ];
    if (staging()) await writer!.addReview(productId, parsed.data);
    return [];
  }

  async function stageOffer(productId: string, record: object): Promise<Found> {
    const parsed = offerSchema.safeParse(record, READ_OPTIONS);
    if (!parsed.success) return issues(parsed.error);
    if (staging()) await writer!.addOffer(productId, parsed.data);
    return [];
  }

  let columns: Column[] | undefined;
  for await (const row of csvRows(file)) {
    const at = `${name} row ${row.row}`;
    if ('error' in row) {
      report(row.line, at, [{ message: row.error }]);
      break;
    }
    if (columns === undefined) {
      const spec = {
        shape,
        extra: [PRODUCT_ID],
        ...(kind === 'reviews' && { criteria: CRITERIA }),
      };
      const read = readHeader(row.cells, spec);
      const header = typeof read === 'string' ? read : (missingColumns(read, spec) ?? read);
      const atHeader = `${name} row 1 (the header)`;
      if (typeof header === 'string') {
        report(row.line, atHeader, [{ message: header }]);
        break;
      }
      columns = header;
      if (!columns.some((c) => c.field === PRODUCT_ID)) {
        report(row.line, atHeader, [{ message: 'no product_id column' }]);
        break;
      }
      continue;
    }
    if (isBlankRow(row.cells)) continue;
    const { [PRODUCT_ID]: productId, ...record } = rowRecord(row.cells, columns);
    const { bad, rest } = badCells(record);
    // product_id is a text column: a string, or absent when its cell is empty.
    const missing =
      typeof productId !== 'string'
        ? 'required: the id of a product of the catalog file'
        : products.get(...hashId(productId)) === 0
          ? `no product "${productId}" in the catalog file`
          : undefined;
    // Every problem of the row: its product, its cells, and what the schema says of the rest.
    const found: Found = [
      ...(missing !== undefined ? [{ field: PRODUCT_ID, message: missing }] : []),
      ...bad,
    ];
    if (found.length > 0 || typeof productId !== 'string') {
      const schema = kind === 'reviews' ? reviewSchema : offerSchema;
      const parsed = schema.safeParse(rest, READ_OPTIONS);
      report(row.line, at, [
        ...found,
        ...(parsed.success ? [] : besideBadCells(bad, issues(parsed.error))),
      ]);
      continue;
    }
    const wrong = await (kind === 'reviews'
      ? stageReview(productId, record, row.row)
      : stageOffer(productId, record));
    if (wrong.length > 0) report(row.line, at, wrong);
    else count += 1;
  }
  return {
    counts: { reviews: kind === 'reviews' ? count : 0, offers: kind === 'offers' ? count : 0 },
    problems,
    badRows,
  };
}

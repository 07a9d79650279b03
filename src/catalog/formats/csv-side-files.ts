import path from 'node:path';
import type { z } from 'zod';
import { CRITERIA } from '../../taxonomy/taxonomy.js';
import { issueFields } from '../../common/zod-issues.js';
import { offerSchema, READ_OPTIONS, reviewSchema } from '../catalog-line.schema.js';
import type { CatalogCounts, LineProblem } from '../chunk-validator.js';
import { hashId, IdHashSet } from '../id-hash-set.js';
import type { StagingWriter } from '../catalog-staging.js';
import { invalidJson, readHeader, rowRecord, type Column } from './csv-columns.js';
import { csvRows, isBlankRow } from '../../feeds/csv-rows.js';

/** The column joining a review or an offer to its product. */
const PRODUCT_ID = 'product_id';

export type SideFileKind = 'reviews' | 'offers';

/** A row's first problem: a row is one review or offer, and its first fault is enough. */
function firstIssue(error: z.ZodError): { field?: string; message: string } {
  const [first] = issueFields(error);
  return { ...(first?.field && { field: first.field }), message: first?.message ?? 'invalid' };
}

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
  const report = (problem: LineProblem) => {
    badRows += 1;
    if (problems.length < maxProblems) problems.push(problem);
  };
  const staging = () => badRows === 0 && writer !== undefined;

  async function stageReview(productId: string, record: object, row: number) {
    const parsed = reviewSchema.safeParse(record, READ_OPTIONS);
    if (!parsed.success) return firstIssue(parsed.error);
    const { source } = parsed.data;
    const earlier = sources.addOrGet(...hashId(`${productId}\n${source}`), row);
    if (earlier !== 0)
      return {
        field: 'source',
        message: `duplicate source "${source}" for product "${productId}" (first on row ${earlier}): one review per source`,
      };
    if (staging()) await writer!.addReview(productId, parsed.data);
    return undefined;
  }

  async function stageOffer(productId: string, record: object) {
    const parsed = offerSchema.safeParse(record, READ_OPTIONS);
    if (!parsed.success) return firstIssue(parsed.error);
    if (staging()) await writer!.addOffer(productId, parsed.data);
    return undefined;
  }

  let columns: Column[] | undefined;
  for await (const row of csvRows(file)) {
    const at = `${name} row ${row.row}`;
    if ('error' in row) {
      report({ line: row.line, at, message: row.error });
      break;
    }
    if (columns === undefined) {
      const header = readHeader(row.cells, {
        shape,
        extra: [PRODUCT_ID],
        ...(kind === 'reviews' && { criteria: CRITERIA }),
      });
      if (typeof header === 'string') {
        report({ line: row.line, at: `${name} row 1 (the header)`, message: header });
        break;
      }
      columns = header;
      if (!columns.some((c) => c.field === PRODUCT_ID)) {
        report({
          line: row.line,
          at: `${name} row 1 (the header)`,
          message: 'no product_id column',
        });
        break;
      }
      continue;
    }
    if (isBlankRow(row.cells)) continue;
    const { [PRODUCT_ID]: productId, ...record } = rowRecord(row.cells, columns);
    const bad = invalidJson(record);
    if (bad) {
      report({ line: row.line, at, ...bad });
      continue;
    }
    // product_id is a text column: a string, or absent when its cell is empty.
    const missing =
      typeof productId !== 'string'
        ? 'required: the id of a product of the catalog file'
        : products.get(...hashId(productId)) === 0
          ? `no product "${productId}" in the catalog file`
          : undefined;
    if (missing !== undefined || typeof productId !== 'string') {
      report({ line: row.line, at, field: PRODUCT_ID, message: missing ?? '' });
      continue;
    }
    const problem = await (kind === 'reviews'
      ? stageReview(productId, record, row.row)
      : stageOffer(productId, record));
    if (problem) report({ line: row.line, at, ...problem });
    else count += 1;
  }
  return {
    counts: { reviews: kind === 'reviews' ? count : 0, offers: kind === 'offers' ? count : 0 },
    problems,
    badRows,
  };
}

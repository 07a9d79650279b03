import path from 'node:path';
import { csvRows, isBlankRow } from './csv-rows.js';
import {
  FeedFormatError,
  MERCHANT_ATTRIBUTES,
  type FeedProblem,
  type RawFeedItem,
} from './feed-item.js';

const ATTRIBUTES = MERCHANT_ATTRIBUTES;

type Attribute = keyof typeof ATTRIBUTES;

/** An attribute's name as feeds write it in a header: `g:price`, `Price`, ` sale_price `. */
const attributeOf = (cell: string) => cell.trim().toLowerCase().replace(/^g:/, '');

/**
 * The items of a Google Merchant Center feed as a delimited text file (tab-separated, as
 * Merchant Center's template is; commas are read too), one item a row after the header. A
 * sale price, when given, is the price. Other attributes are ignored. A file that cannot be
 * read to its end is refused whole (FeedFormatError).
 */
export async function* merchantTsvItems(file: string): AsyncGenerator<RawFeedItem | FeedProblem> {
  let columns: [number, Attribute][] | undefined;
  for await (const row of csvRows(file)) {
    if ('error' in row)
      throw new FeedFormatError(`${path.basename(file)} line ${row.row}: ${row.error}`);
    if (columns === undefined) {
      columns = row.cells
        .map((cell, index): [number, string] => [index, attributeOf(cell)])
        .filter((c): c is [number, Attribute] => c[1] in ATTRIBUTES);
      // sale_price after price, so that it wins.
      columns.sort((a, b) => Number(a[1] === 'sale_price') - Number(b[1] === 'sale_price'));
      if (!columns.some(([, a]) => a === 'title')) {
        yield { line: 1, message: 'the header has no title column: is this a product feed?' };
        return;
      }
      continue;
    }
    if (isBlankRow(row.cells)) continue;
    const item: RawFeedItem = { line: row.row };
    for (const [index, attribute] of columns) {
      const value = row.cells[index]?.trim();
      if (value) item[ATTRIBUTES[attribute]] = value;
    }
    yield item;
  }
}

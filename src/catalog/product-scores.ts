import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { choosing, type Contender } from '../synthesis/standing.js';
import { copyField, copyRow } from './copy-format.js';
import { copyLines } from './copy-lines.js';

// product_scores: each product's rank in its category and the products its answer offers
// instead (src/synthesis/standing.ts), chosen at publication from what the products' answers
// state, a category at a time.

/** What a product's answer states that its standing is chosen from. */
export interface ScoreFacts extends Contender {
  category: string;
}

/** The columns of the facts, in a source's order and product_scores'. */
export const FACT_COLUMNS = 'product_id, category, service_score, source_count, starting_price_usd';

/** product_scores' columns, as standingRows writes them. */
const STANDING_COLUMNS = `${FACT_COLUMNS}, category_rank, category_reviewed, better_id, cheaper_id, top_id`;

/** Rows a string standingRows yields: a few hundred KB, so that a category streams out. */
const ROWS_A_PIECE = 4096;

/** One category's products to their product_scores rows (COPY text), a piece at a time. */
function* categoryRows(category: string, members: readonly ScoreFacts[]): Generator<string> {
  const choiceOf = choosing(members);
  let rows = '';
  for (const [i, p] of members.entries()) {
    const { rank, of, chosen } = choiceOf(p, i);
    rows += copyRow([
      p.id,
      category,
      p.serviceScore,
      p.sourceCount,
      p.startingPriceUsd,
      rank,
      of,
      chosen.better,
      chosen.cheaper,
      chosen.top,
    ]);
    if ((i + 1) % ROWS_A_PIECE === 0) {
      yield rows;
      rows = '';
    }
  }
  if (rows !== '') yield rows;
}

/**
 * The product_scores rows of `facts` (read a chunk at a time), which come a category's
 * together: only one category's facts are held at a time.
 */
export async function* standingRows(
  facts: AsyncIterable<ScoreFacts[]> | Iterable<ScoreFacts[]>,
): AsyncGenerator<string> {
  let members: ScoreFacts[] = [];
  for await (const chunk of facts)
    for (const p of chunk) {
      if (members.length > 0 && members[0]!.category !== p.category) {
        yield* categoryRows(members[0]!.category, members);
        members = [];
      }
      members.push(p);
    }
  if (members.length > 0) yield* categoryRows(members[0]!.category, members);
}

/** The rows as a stream that reads on only as the COPY they go to takes them. */
const streamed = (rows: AsyncIterable<string>) =>
  Readable.from(rows, { objectMode: true, highWaterMark: 1 });

const number = (field: string | undefined) => (field === '\\N' ? null : Number(field));

/** A row of FACT_COLUMNS as COPY TO wrote it. */
function factsOf(line: string): ScoreFacts {
  const [id, category, score, sources, price] = line.split('\t');
  return {
    id: copyField(id!),
    category: copyField(category!),
    serviceScore: Number(score),
    sourceCount: Number(sources),
    startingPriceUsd: number(price),
  };
}

async function* readFacts(client: pg.ClientBase, source: string): AsyncGenerator<ScoreFacts[]> {
  const sql = `COPY (SELECT ${FACT_COLUMNS} FROM ${source} ORDER BY category COLLATE "C")
                 TO STDOUT`;
  for await (const lines of copyLines(client.query(copyTo(sql)) as AsyncIterable<Buffer>))
    yield lines.map(factsOf);
}

/**
 * Chooses the standing of every product `source` (a relation of FACT_COLUMNS) holds, read on
 * `reader`, and writes it into `target` (a table like product_scores) on `writer` (COPY
 * `options`): two sessions, so that the rows stream through, a category at a time in memory.
 */
export async function storeStandings(
  reader: pg.ClientBase,
  writer: pg.ClientBase,
  source: string,
  target: string,
  options = '',
): Promise<void> {
  await pipeline(
    streamed(standingRows(readFacts(reader, source))),
    writer.query(copyFrom(`COPY ${target} (${STANDING_COLUMNS}) FROM STDIN ${options}`)),
  );
}

/**
 * Chooses again, in the caller's transaction on `client`, the standing of every product of the
 * categories of the products `touched` (a query of ids) once product_scores holds their new
 * facts: a feed's prices move what is cheaper or better for any product of their categories.
 * Returns how many products' rows it wrote.
 */
export async function chooseAgain(client: pg.ClientBase, touched: string): Promise<number> {
  await client.query(
    `CREATE TEMP TABLE touched_categories ON COMMIT DROP AS
       SELECT DISTINCT category FROM product_scores WHERE product_id IN (${touched})`,
  );
  const { rows } = await client.query<ScoreFacts>(
    `SELECT product_id AS id, category, service_score AS "serviceScore",
            source_count AS "sourceCount", starting_price_usd AS "startingPriceUsd"
       FROM product_scores WHERE category IN (SELECT category FROM touched_categories)
      ORDER BY category COLLATE "C"`,
  );
  await client.query(
    'DELETE FROM product_scores WHERE category IN (SELECT category FROM touched_categories)',
  );
  await pipeline(
    streamed(standingRows([rows])),
    client.query(copyFrom(`COPY product_scores (${STANDING_COLUMNS}) FROM STDIN`)),
  );
  return rows.length;
}

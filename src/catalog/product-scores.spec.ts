import { describe, expect, it } from '@jest/globals';
import { standingRows, type ScoreFacts } from './product-scores.js';

const facts = (id: string, category: string, score: number, price: number | null): ScoreFacts => ({
  id,
  category,
  serviceScore: score,
  sourceCount: 2,
  startingPriceUsd: price,
});

const collect = async (chunks: ScoreFacts[][]) => {
  const rows: string[] = [];
  for await (const category of standingRows(chunks)) rows.push(category);
  return rows;
};

describe(standingRows.name, () => {
  it('chooses within a whole category, even when its rows come in two chunks', async () => {
    const rows = await collect([
      [facts('a', 'kettles', 80, 100), facts('b', 'kettles', 79, 50)],
      [facts('c', 'kettles\ttall', 90, 10), facts('d', 'kettles\ttall', 70, null)],
    ]);
    expect(rows).toEqual([
      'a\tkettles\t80\t2\t100\t1\t2\t\\N\tb\t\\N\n' + 'b\tkettles\t79\t2\t50\t2\t2\t\\N\t\\N\ta\n',
      'c\tkettles\\ttall\t90\t2\t10\t1\t2\t\\N\t\\N\t\\N\n' +
        'd\tkettles\\ttall\t70\t2\t\\N\t2\t2\t\\N\t\\N\tc\n',
    ]);
    // A category cut between chunks is still chosen whole.
    const split = await collect([
      [facts('a', 'kettles', 80, 100)],
      [facts('b', 'kettles', 79, 50)],
    ]);
    expect(split).toEqual([rows[0]]);
  });
});

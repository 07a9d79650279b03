import { describe, expect, it } from '@jest/globals';
import { cons, foldStatement, MAX_STATEMENTS, pros } from './statements.js';
import { review } from './synthesis.fixtures.js';

describe('pros and cons', () => {
  const reviews = [
    review(
      'ShopperVoice',
      'user_reviews',
      90,
      {},
      { pros: ['Long battery life'], cons: ['High price'] },
    ),
    review(
      'Northbeam Test Lab',
      'lab_test',
      89,
      {},
      {
        pros: ['Class-leading noise cancelling', 'Long battery life.'],
        cons: ['high price'],
      },
    ),
    review(
      'The Circuit Review',
      'expert_review',
      88,
      {},
      {
        pros: ['Class-leading noise cancelling'],
        cons: ['Headband no longer folds flat', 'High  price!'],
      },
    ),
    review('The Upgrade Thread', 'community', 89, {}, { cons: ['Headband no longer folds flat'] }),
  ];

  it('groups what several sources state by folded text, and names them all', () => {
    expect(foldStatement('  High  Price! ')).toBe(foldStatement('high price'));
    expect(cons(reviews)).toEqual([
      {
        title: 'high price',
        detail: 'Stated by 3 sources: Northbeam Test Lab, The Circuit Review and ShopperVoice.',
        sources: ['Northbeam Test Lab', 'The Circuit Review', 'ShopperVoice'],
      },
      {
        title: 'Headband no longer folds flat',
        detail: 'Stated by 2 sources: The Circuit Review and The Upgrade Thread.',
        sources: ['The Circuit Review', 'The Upgrade Thread'],
      },
    ]);
  });

  it('orders entries by how many sources state them, then by source order', () => {
    // Both pros are stated twice; the lab states "Class-leading…" first in source order.
    expect(pros(reviews).map((p) => [p.title, p.sources.length])).toEqual([
      ['Class-leading noise cancelling', 2],
      ['Long battery life.', 2],
    ]);
    const more = [
      ...reviews,
      review('BuyerBoard', 'user_reviews', 94, {}, { pros: ['long battery life'] }),
    ];
    expect(pros(more).map((p) => [p.title, p.sources.length])).toEqual([
      ['Long battery life.', 3],
      ['Class-leading noise cancelling', 2],
    ]);
  });

  it('counts a source once however often it repeats itself, and keeps at most 10', () => {
    const chatty = review(
      'Forum',
      'community',
      70,
      {},
      {
        pros: ['Loud', 'loud!', ...Array.from({ length: 12 }, (_, i) => `Point ${i}`)],
      },
    );
    const list = pros([chatty]);
    expect(list[0]).toMatchObject({ title: 'Loud', sources: ['Forum'] });
    expect(list).toHaveLength(MAX_STATEMENTS);
  });
});

import { makerOf, type ReadProduct } from './candidate-name.js';
import { DIGIT, remembered, wordsOf } from './name-normaliser.js';
import { FUNCTION_WORDS } from './name-tokens.js';

// A maker's line named by a query (title-reading.ts): a word only one maker's names carry, on
// every name of the catalog with it ("PowerJolt"), as a rare code names a model.

/** Whether the query names a line of candidate `index`'s maker: a word only its names carry. */
export function makersLines(
  products: readonly ReadProduct[],
  queryWords: ReadonlySet<string>,
  counts: { namesCarrying(term: string): number | undefined },
  /** The words a candidate carries. */
  own: (index: number) => ReadonlySet<string>,
): (index: number) => boolean {
  const lineWords = [...queryWords].filter((w) => !FUNCTION_WORDS.has(w) && !DIGIT.test(w));
  const nameWords = remembered((j: number) => products[j]!.names.map((n) => new Set(wordsOf(n))));
  // The one maker whose candidates carry the word on as many names as the catalog has with it.
  const owner = remembered((word: string) => {
    const makers = new Set<string>();
    let names = 0;
    for (let j = 0; j < products.length && makers.size <= 1; j++) {
      const on = nameWords(j).filter((words) => words.has(word)).length;
      if (on === 0) continue;
      makers.add(makerOf(products[j]!.brand));
      names += on;
    }
    const one = makers.size === 1 && names >= (counts.namesCarrying(word) ?? Infinity);
    return one ? [...makers][0] : undefined;
  });
  return remembered((index) => {
    const { brand } = products[index]!;
    return lineWords.some(
      (w) => own(index).has(w) && !brand.words.has(w) && owner(w) === makerOf(brand),
    );
  });
}

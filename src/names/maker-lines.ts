import { makerOf, type BrandForm } from './candidate-name.js';
import { wordsOf } from './name-normaliser.js';
import { FUNCTION_WORDS } from './name-tokens.js';

// A maker's line named by a query (title-reading.ts): a word of the query that only one maker's
// names carry, on every name of the catalog that carries it ("PowerJolt"), names one of its
// lines, as a rare code names a model; a category's word ("Extender") is on other makers' too.

const DIGIT = /\p{N}/u;

/** Whether the query names a line of candidate `index`'s maker: a word only its names carry. */
export function makersLines(
  products: readonly { readonly names: readonly string[]; readonly brand: BrandForm }[],
  queryWords: ReadonlySet<string>,
  counts: { namesCarrying(term: string): number | undefined },
  /** The words a candidate carries. */
  own: (index: number) => ReadonlySet<string>,
): (index: number) => boolean {
  const lineWords = [...queryWords].filter((w) => !FUNCTION_WORDS.has(w) && !DIGIT.test(w));
  const nameWordsOnce: Set<string>[][] = [];
  const nameWords = (j: number) =>
    (nameWordsOnce[j] ??= products[j]!.names.map((n) => new Set(wordsOf(n))));
  // The one maker whose candidates carry the word on as many names as the catalog has with it.
  const ownerOnce = new Map<string, string | undefined>();
  const owner = (word: string) => {
    if (ownerOnce.has(word)) return ownerOnce.get(word);
    const makers = new Set<string>();
    let names = 0;
    for (let j = 0; j < products.length && makers.size <= 1; j++) {
      const on = nameWords(j).filter((words) => words.has(word)).length;
      if (on === 0) continue;
      makers.add(makerOf(products[j]!.brand));
      names += on;
    }
    const one = makers.size === 1 && names >= (counts.namesCarrying(word) ?? Infinity);
    return ownerOnce.set(word, one ? [...makers][0] : undefined).get(word);
  };
  const namedOnce: boolean[] = [];
  return (index) => {
    const { brand } = products[index]!;
    return (namedOnce[index] ??= lineWords.some(
      (w) => own(index).has(w) && !brand.words.has(w) && owner(w) === makerOf(brand),
    ));
  };
}

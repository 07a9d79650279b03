import { attributesOf, otherModel, sameColour } from './attributes.js';
import { makerOf, type ReadProduct } from './candidate-name.js';
import { ONLY_LETTERS, runs } from './model-codes.js';
import { DIGIT, remembered, someOf, wordsOf } from './name-normaliser.js';
import { FUNCTION_WORDS, tokenOf } from './name-tokens.js';
import { isTypoOf } from './typos.js';
import { singular } from './words-that-say-nothing.js';

// What a query tells of a candidate's siblings: a family one code anchors, a maker's line.

/** A member's words as the query may name them: its brand's, each word, adjacent words joined. */
const namedBy = (product: ReadProduct) =>
  new Set([...product.brand.words, ...product.names.flatMap((name) => runs(wordsOf(name)))]);

/** Whether the query's word is this word of a name: plural, misspelt, a colour in any language. */
function saysWord(word: string, target: string): boolean {
  if (word === target || singular(word) === target || sameColour(word, target)) return true;
  const letters = ONLY_LETTERS.test(word) && ONLY_LETTERS.test(target);
  return letters && isTypoOf(tokenOf(word, 'word'), tokenOf(target, 'word'));
}

/** Whether the query's word is a word of the member. */
const carries = (words: ReadonlySet<string>, word: string): boolean =>
  words.has(word) || words.has(singular(word)) || someOf(words, (w) => saysWord(word, w));

/**
 * For each anchored candidate the query does not tell from another of its family, that one's
 * name: a word one lacks ("Black"), its whole name, or an edition only one states tell them apart.
 */
export function untoldMembers(
  /** The candidates each anchoring code anchors. */
  families: ReadonlyMap<string, number[]>,
  products: readonly ReadProduct[],
  queryWords: ReadonlySet<string>,
  title: string,
): Map<number, string> {
  const untold = new Map<number, string>();
  for (const members of families.values()) {
    if (members.length < 2) continue;
    const said = attributesOf(title);
    const words = new Map(members.map((m) => [m, namedBy(products[m]!)]));
    const query = [...queryWords];
    // The query's words each member carries, and whether the query names all of its name.
    const named = new Map(members.map((m) => [m, query.filter((w) => carries(words.get(m)!, w))]));
    const whole = (m: number) =>
      products[m]!.names.some((name) =>
        wordsOf(name).every(
          (w) => products[m]!.brand.words.has(w) || query.some((q) => saysWord(q, w)),
        ),
      );
    const model = remembered((m: number) => otherModel(said, attributesOf(products[m]!.names[0]!)));
    for (const m of members) {
      const told = (o: number) =>
        named.get(m)!.some((w) => !carries(words.get(o)!, w)) ||
        (whole(m) && !whole(o)) ||
        (model(m) === undefined && model(o) !== undefined);
      const other = members.find((o) => o !== m && !told(o));
      if (other !== undefined) untold.set(m, products[other]!.names[0]!);
    }
  }
  return untold;
}

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

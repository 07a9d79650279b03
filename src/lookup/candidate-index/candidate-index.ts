import { NAMES_SEPARATOR } from '../../names/name-normaliser.js';
import { MIN_SIMILARITY } from '../../names/search-terms.js';
import type { CandidateTerms, TermMatch } from '../candidate-terms.js';
import type { CandidateProduct } from '../lookup.repository.js';
import { reportedSimilarity, trigrams, trigramSimilarity } from './trigrams.js';
import { packed, transposed, type Packed } from './packed.js';
import { hashOf, inBytes, placesInBytes, wordStarts } from './text-order.js';

/** A product as candidates carry it: its names joined by NAMES_SEPARATOR, as stored. */
export interface IndexedProduct {
  id: string;
  name: string;
  brand: string;
  category: string;
  names: string;
}

/**
 * The vocabulary (search_terms): its terms in byte order, joined by spaces (a term holds none),
 * with the counts of each. One string, not a string and a map entry a term: a catalog's
 * vocabulary has about ten terms a product, and a map of them would take most of the index.
 */
export interface IndexedVocabulary {
  terms: string;
  df: Int32Array;
  siblings: Int32Array;
}

/** A search name (product_search_names): its product's index among the products, its terms. */
export interface IndexedSearchName {
  product: number;
  /** Its terms, separated by spaces (a term holds none). */
  terms: string;
}

/** Search_words holds the vocabulary's terms without an ASCII digit (catalog-derived.repository.ts). */
const ASCII_DIGIT = /[0-9]/;

/**
 * A publication's search names and vocabulary in the service's memory: the two statements a
 * name that needs the resolver costs (lookup.repository.ts, findTerms and findCandidates),
 * answered without a round trip, with the same rows in the same order.
 */
export class CandidateIndex {
  /** The vocabulary's terms in byte order, joined by spaces, and where each starts. */
  private readonly text: string;
  private readonly offsets: Int32Array;
  /** The terms' ids by their hashes (termId). */
  private readonly slots: Int32Array;
  private readonly df: Int32Array;
  private readonly siblings: Int32Array;
  /** Each search name's terms (ids, distinct), and the search names carrying each term. */
  private readonly nameTerms: Packed;
  private readonly termNames: Packed;
  private readonly nameProduct: Int32Array;
  /** Each digit-free term's trigram count, and the terms carrying each trigram. */
  private readonly termTrigrams: Int32Array;
  private readonly trigramIds = new Map<string, number>();
  private readonly trigramTerms: Packed;
  /** Scratch counts, one per search name or term, each back at 0 after every use. */
  private readonly shared: Int32Array;
  /** Scratch places of a name's terms in a query. */
  private readonly carried: number[] = [];
  /**
   * Each product's place in byte order of the products' ids, which breaks ties of weight: ids
   * of one maker's listings share long prefixes, compared character by character otherwise.
   */
  private readonly idOrder: Int32Array;
  /**
   * Scratch bits, one a term, set for a query's terms: a name's terms are asked here first, a
   * few tens of KB that stay in the processor's cache, instead of the counts' megabytes.
   */
  private readonly asked: Uint32Array;

  /** Its rows, which it keeps: their products' brands and categories shared, one string each. */
  constructor(
    private readonly products: readonly IndexedProduct[],
    vocabulary: IndexedVocabulary,
    names: readonly IndexedSearchName[],
  ) {
    const shared = new Map<string, string>();
    const once = (text: string) => shared.get(text) ?? (shared.set(text, text), text);
    for (const product of products) {
      product.brand = once(product.brand);
      product.category = once(product.category);
    }
    this.text = vocabulary.terms;
    ({ df: this.df, siblings: this.siblings } = vocabulary);
    this.offsets = wordStarts(this.text, this.df.length);
    const terms = this.df.length;
    for (let id = 1; id < terms; id++)
      if (this.compareWith(this.term(id - 1), id) >= 0)
        throw new Error('The vocabulary is not in byte order');
    // Open addressing, at most two thirds full: each slot a term's id plus one, or 0.
    this.slots = new Int32Array(2 ** Math.ceil(Math.log2(terms * 1.5 + 2)));
    for (let id = 0; id < terms; id++) {
      let slot = hashOf(this.text, this.offsets[id], this.offsets[id + 1]! - 1);
      while (this.slots[(slot &= this.slots.length - 1)] !== 0) slot++;
      this.slots[slot] = id + 1;
    }
    this.nameTerms = packed(names.length, (r) => {
      const ids = names[r]!.terms.split(' ').map((term) => this.termId(term));
      return [...new Set(ids.filter((id) => id !== undefined))];
    });
    this.termNames = transposed(this.nameTerms, terms);
    this.nameProduct = Int32Array.from(names, (name) => name.product);
    this.termTrigrams = new Int32Array(terms);
    const trigramsOf = (id: number): number[] => {
      const term = this.term(id);
      if (term === '' || ASCII_DIGIT.test(term)) return [];
      const grams = [...trigrams(term)].map((gram) => {
        const known = this.trigramIds.get(gram);
        if (known !== undefined) return known;
        this.trigramIds.set(gram, this.trigramIds.size);
        return this.trigramIds.size - 1;
      });
      this.termTrigrams[id] = grams.length;
      return grams;
    };
    const termTrigramIds = packed(terms, trigramsOf);
    this.trigramTerms = transposed(termTrigramIds, this.trigramIds.size);
    this.shared = new Int32Array(Math.max(names.length, terms));
    this.idOrder = placesInBytes(products.map((p) => p.id));
    this.asked = new Uint32Array((terms >>> 5) + 1);
  }

  /** What findTerms reads from the vocabulary and the words' trigram index. */
  findTerms(terms: readonly string[], words: readonly string[], perWord: number): TermMatch[] {
    const matches: TermMatch[] = [];
    for (const term of new Set(terms)) {
      const id = this.termId(term);
      if (id !== undefined)
        matches.push({
          queryTerm: term,
          term,
          df: this.df[id]!,
          similarity: 1,
          siblings: this.siblings[id]!,
        });
    }
    for (const word of words)
      if (this.termId(word) === undefined) matches.push(...this.closeWords(word, perWord));
    return matches;
  }

  /** What findCandidates reads for each name: its best `limit` products, best first. */
  findCandidates(
    queries: readonly (CandidateTerms | undefined)[],
    limit: number,
  ): CandidateProduct[][] {
    return queries.map((query) => (query ? this.candidates(query, limit) : []));
  }

  /**
   * A misspelt word's closest digit-free terms, at least MIN_SIMILARITY similar, closest
   * first and equally close ones in byte order, as `word % q ORDER BY word <-> q, word`.
   */
  private closeWords(word: string, perWord: number): TermMatch[] {
    const grams = trigrams(word);
    const touched: number[] = [];
    const { start, items } = this.trigramTerms;
    for (const gram of grams) {
      const id = this.trigramIds.get(gram);
      if (id === undefined) continue;
      for (let i = start[id]!; i < start[id + 1]!; i++)
        if (this.shared[items[i]!]!++ === 0) touched.push(items[i]!);
    }
    const close: { id: number; similarity: number; distance: number }[] = [];
    for (const id of touched) {
      const similarity = trigramSimilarity(this.shared[id]!, grams.size, this.termTrigrams[id]!);
      this.shared[id] = 0;
      if (similarity >= MIN_SIMILARITY)
        close.push({ id, similarity, distance: Math.fround(1 - similarity) });
    }
    // Terms' ids are in byte order.
    close.sort((a, b) => a.distance - b.distance || a.id - b.id);
    return close.slice(0, perWord).map(({ id, similarity }) => ({
      queryTerm: word,
      term: this.term(id),
      df: this.df[id]!,
      similarity: reportedSimilarity(similarity),
      siblings: 0,
    }));
  }

  /**
   * The products with a search name carrying any narrowing term (or, with `all`, every one),
   * each weighed by its best such name: the sum, in the query's order, of the weights of the
   * query's terms that name carries.
   */
  private candidates(query: CandidateTerms, limit: number): CandidateProduct[] {
    const { weighted } = query;
    const names = this.carrying(query);
    // Each query term's place in the query (from 1), by term id, in the scratch counts.
    const ids = weighted.map(({ term }) => this.termId(term));
    const asked = this.asked;
    for (const [i, id] of ids.entries()) {
      if (id === undefined) continue;
      this.shared[id] = i + 1;
      asked[id >>> 5]! |= 1 << (id & 31);
    }
    const { start, items } = this.nameTerms;
    const carried = this.carried;
    const best = new Map<number, number>();
    for (const name of names) {
      // The places of the query's terms the name carries, in order (a name has a few).
      let count = 0;
      for (let i = start[name]!; i < start[name + 1]!; i++) {
        const term = items[i]!;
        if ((asked[term >>> 5]! & (1 << (term & 31))) === 0) continue;
        const place = this.shared[term]!;
        let j = count++;
        for (; j > 0 && carried[j - 1]! > place; j--) carried[j] = carried[j - 1]!;
        carried[j] = place;
      }
      let weight = weighted[carried[0]! - 1]!.weight;
      for (let i = 1; i < count; i++) weight += weighted[carried[i]! - 1]!.weight;
      const product = this.nameProduct[name]!;
      if (weight > (best.get(product) ?? -Infinity)) best.set(product, weight);
    }
    for (const id of ids) {
      if (id === undefined) continue;
      this.shared[id] = 0;
      asked[id >>> 5] = 0;
    }
    return this.best(best, limit).map(([index, weight]) => {
      const { id, name, brand, category, names } = this.products[index]!;
      return { id, name, brand, category, names: names.split(NAMES_SEPARATOR), weight };
    });
  }

  /** The `limit` heaviest products, heaviest first, equally heavy ones by id in byte order. */
  private best(weights: ReadonlyMap<number, number>, limit: number): [number, number][] {
    const idOrder = this.idOrder;
    const before = ([pa, wa]: [number, number], [pb, wb]: [number, number]) =>
      wa > wb || (wa === wb && idOrder[pa]! < idOrder[pb]!);
    const top: [number, number][] = [];
    if (limit <= 0) return top;
    for (const entry of weights) {
      if (top.length === limit && !before(entry, top[limit - 1]!)) continue;
      let at = top.length;
      while (at > 0 && before(entry, top[at - 1]!)) at--;
      top.splice(at, 0, entry);
      if (top.length > limit) top.pop();
    }
    return top;
  }

  /** The search names carrying any of the query's narrowing terms, or all of them. */
  private carrying({ narrow, all }: CandidateTerms): number[] {
    const ids = narrow.map((term) => this.termId(term));
    const { start, items } = this.termNames;
    const names: number[] = [];
    if (all) {
      if (ids.some((id) => id === undefined)) return names;
      const [rarest, ...others] = (ids as number[]).sort(
        (a, b) => start[a + 1]! - start[a]! - (start[b + 1]! - start[b]!),
      );
      if (rarest === undefined) return names;
      for (let i = start[rarest]!; i < start[rarest + 1]!; i++)
        if (others.every((id) => this.nameCarries(items[i]!, id))) names.push(items[i]!);
      return names;
    }
    for (const id of ids) {
      if (id === undefined) continue;
      for (let i = start[id]!; i < start[id + 1]!; i++)
        if (this.shared[items[i]!]!++ === 0) names.push(items[i]!);
    }
    for (const name of names) this.shared[name] = 0;
    return names;
  }

  private term(id: number): string {
    return this.text.slice(this.offsets[id], this.offsets[id + 1]! - 1);
  }

  /** The id of `term` in the vocabulary, by its hash. */
  private termId(term: string): number | undefined {
    const mask = this.slots.length - 1;
    for (let slot = hashOf(term) & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]! - 1;
      if (id < 0) return undefined;
      const start = this.offsets[id]!;
      if (this.offsets[id + 1]! - start - 1 === term.length && this.text.startsWith(term, start))
        return id;
    }
  }

  /** `term` against the term of `id`, in byte order, without copying it out. */
  private compareWith(term: string, id: number): number {
    const start = this.offsets[id]!;
    return inBytes(term, this.text, start, this.offsets[id + 1]! - start - 1);
  }

  private nameCarries(name: number, term: number): boolean {
    for (let i = this.nameTerms.start[name]!; i < this.nameTerms.start[name + 1]!; i++)
      if (this.nameTerms.items[i] === term) return true;
    return false;
  }
}

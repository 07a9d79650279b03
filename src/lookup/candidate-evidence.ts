import type { CandidateProduct } from './lookup.repository.js';
import {
  makerOf,
  type BrandForm,
  type CandidateName,
  type ReadAgainst,
} from '../names/candidate-name.js';
import type { NameMatch, NameMatcher } from '../names/name-matcher.js';
import { compactName } from '../names/name-normaliser.js';
import type { Explained } from '../names/closer-readings.js';
import {
  FOUND_AT,
  IDENTIFIED_AT,
  REJECTED_WEIGHT,
  suggestedAt,
  type CodeEvidence,
} from '../names/resolution-decision.js';
import {
  accessoryOf,
  contradictions,
  weighIdentifier,
  type Told,
  type Weighed,
} from '../names/attributes.js';
import { measuresWritten, type Attributes } from '../names/measures.js';

// What one candidate product's names make of a query, with the evidence by rank (NameResolver):
// its identifier, what contradicts it, then what its words make of the query.

/**
 * A maker's part number, which names one item, edition and all: a code of 8 characters or more,
 * separators aside, with letters after its digits ("LMSPD8GBBSBNA", "KX-TGA660B"). The codes a
 * line's editions go on are shorter ("LA75 Plus", "S24 Ultra") or end with their model's number
 * ("X-treme PQ18 Max").
 */
const PART_NUMBER = /^(?=.{8})\p{L}*\p{N}+\p{L}/u;

/**
 * The product's name with each of its aliases, as listings write them ("Galaxy S21
 * (SM-G991B)"): a query that names both names the product whole, never exactly.
 */
function withAliases(
  match: NameMatcher,
  product: CandidateProduct,
  named: (text: string) => CandidateName,
): NameMatch[] {
  const [name, ...aliases] = product.names;
  // Only aliases the query writes, spacing aside: most candidates have none of them.
  return aliases
    .filter((alias) => match.key.includes(compactName(alias)))
    .map((alias) => {
      const { exact, ...m } = match(named(`${name} ${alias}`));
      const complete = exact || m.complete;
      return {
        ...m,
        notes: ['its name and an alias', ...m.notes],
        ...(complete && { complete }),
      };
    });
}

/** A product's score: the best of its names and aliases. */
export function scoreProduct(
  match: NameMatcher,
  product: CandidateProduct,
  /** Its brand and category's words, read once for every candidate, and the query's reading. */
  given: { brand: BrandForm; categoryWords: ReadonlySet<string>; read: ReadAgainst },
  /** What a name carrying every term of the query weighs. */
  whole: number,
  /** What the query states (attributes.ts), and the candidates' kinds of product it says. */
  tell: () => Told,
  /** Whether the query says what something is for ("for", "fits"). */
  saysFor: boolean,
): Explained {
  const { brand, categoryWords, read } = given;
  let stated: Attributes | undefined;
  const states = () => (stated ??= measuresWritten(product.name).asked);
  // A code only this product carries identifies it: where no rule of the words rejects it,
  // what else the query says describes it, unless it states a value the product states
  // otherwise (docs/resolution.md, order of evidence).
  const weighed =
    read.identifiedBy === undefined
      ? undefined
      : weighIdentifier(tell(), {
          ...product,
          categoryWords,
          // Its part number, a code-like alias or a code as long as a maker's part numbers,
          // whole: the one item, edition and all.
          partNumber:
            PART_NUMBER.test(read.identifiedBy) ||
            product.names.slice(1).some((n) => compactName(n) === read.identifiedBy),
        });
  const stands = weighed !== undefined && 'stands' in weighed;
  // A value the query states otherwise takes away what its code says for it: it is another
  // product's title. The evidence ranks it among suggestions (resolution-decision.ts).
  const contradicted =
    weighed && 'contradicted' in weighed
      ? weighed.contradicted
      : read.anchor !== undefined
        ? contradictions(tell(), product.name)
        : [];
  // The values its code's evidence weighed already (resolution-decision.ts, weighValues).
  const valuesWeighed =
    (weighed !== undefined && !('setAside' in weighed)) ||
    (read.anchor !== undefined && tell().asked.size > 0)
      ? { contradicted: contradicted.length > 0 }
      : {};
  const codeEvidence: CodeEvidence = stands
    ? 'identified'
    : read.anchor !== undefined && contradicted.length === 0
      ? 'anchored'
      : read.codeNamed
        ? 'carried'
        : undefined;
  // Each name with what matching reads of its product, built field by field: no spread, one shape.
  const identified = stands || undefined;
  const named = (text: string, alias?: true): CandidateName => ({
    text,
    alias,
    brand,
    categoryWords,
    read,
    states,
    identified,
  });
  const matches = product.names.map((text, i) => match(named(text, i > 0 || undefined)));
  if (product.names.length > 1 && !matches.some((m) => !m.rejected && m.score >= FOUND_AT))
    matches.push(...withAliases(match, product, named));
  // A title that says it is a kind of product for something ("Charger for ...") is not what it
  // fits, whatever code or words they share.
  const kind = saysFor ? accessoryOf(tell(), { names: product.names, categoryWords }) : undefined;
  const accessory = kind
    ? `"${kind}" for it: another kind of product`
    : read.fitted && 'the query is something for it';
  const accepted = accessory
    ? []
    : matches.filter((m) => !m.rejected).sort((a, b) => b.score - a.score);
  const best = accepted[0];
  // The share of the query's term weight its best name carries, where the query names its
  // maker or the name every word of the query: else a word or two shared says little.
  const namesAll = best ? best.namesAll : matches.some((m) => m.namesAll);
  const coverage = (read.brandNamed || namesAll) && whole > 0 ? product.weight / whole : 0;
  // The evidence by rank, for --explain: the identifier, what contradicts or agrees with it,
  // then the name the words were read against and what they made of it.
  const evidence = weighed ? identifierNotes(read.identifiedBy!, weighed, read.toldFromFamily) : [];
  // Its name and an alias together say so themselves (withAliases).
  const alias = best && best !== matches[0] ? product.names[matches.indexOf(best)] : undefined;
  if (alias !== undefined) evidence.push(`read against its alias "${alias}"`);
  // A value stated otherwise contradicts what a code says of it, however it identifies.
  if (best && contradicted.length > 0) {
    const code = read.identifiedBy ?? read.anchor;
    const rejected = `${contradicted[0]}, though the query writes its code "${code}"`;
    return {
      scored: {
        productId: product.id,
        name: product.name,
        score: 0,
        rejected,
        suggestionScore: suggestedAt(best.score * REJECTED_WEIGHT, coverage, codeEvidence),
        ...valuesWeighed,
      },
      notes: [...evidence, ...best.notes],
    };
  }
  if (best) {
    const score = stands ? Math.max(best.score, IDENTIFIED_AT) : best.score;
    return {
      scored: {
        productId: product.id,
        name: product.name,
        score,
        suggestionScore: suggestedAt(score, coverage, codeEvidence),
        ...valuesWeighed,
        ...(stands && { identified: true }),
        ...(best.exact && { exact: true }),
        ...(best.complete && { complete: true }),
      },
      notes: [...evidence, ...best.notes],
      ...(best.reading && { reading: best.reading }),
      otherReadings: accepted.slice(1).flatMap((m) => (m.reading ? [m.reading] : [])),
      maker: makerOf(brand),
    };
  }
  const closest = [...matches].sort((a, b) => b.score - a.score)[0]!;
  return {
    scored: {
      productId: product.id,
      name: product.name,
      score: 0,
      rejected: accessory || (closest.rejected ?? 'rejected'),
      suggestionScore: suggestedAt(closest.score * REJECTED_WEIGHT, coverage, codeEvidence),
      ...valuesWeighed,
    },
    notes: [...evidence, ...closest.notes],
  };
}

/** What the code that identifies a product and the query's values make of it, strongest first. */
function identifierNotes(code: string, weighed: Weighed, family?: true): string[] {
  const told = family ? ' and what the query tells of it' : '';
  const identifier = `identifier: its code "${code}"${told}, which no other product carries`;
  if ('setAside' in weighed) return [`${identifier}, set aside: ${weighed.setAside}`];
  if ('contradicted' in weighed)
    return [identifier, ...weighed.contradicted.map((c) => `contradicted: ${c}`)];
  return [identifier, ...weighed.agrees.map((a) => `its own: ${a}`)];
}

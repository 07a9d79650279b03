import {
  decide,
  EXACTLY_ONE_NAME,
  MAX_SUGGESTIONS,
  type Contradicts,
  type Decision,
  type ScoredProduct,
} from '../names/resolution-decision.js';
import type { Publication } from '../publication/publication.sql.js';

// What resolving a name gives: the product found (or none), the other candidates, and why.

export interface ResolutionOutcome {
  found: boolean;
  /** Set when found. */
  productId?: string;
  /** The found product's name; set when found. */
  name?: string;
  confidence: number;
  /** Other candidates, best first, never the found product. */
  candidates: { productId: string; name: string; score: number }[];
  /**
   * Why: every candidate's score and the decision, for admins. Absent where the resolver was
   * asked for none (NameResolver.resolveMany): the service's lookups ask for it only when debug
   * lines show it.
   */
  explanation?: ResolutionExplanation;
}

/** An outcome with its explanation, as resolving one name gives it (NameResolver.resolve). */
export type ExplainedOutcome = ResolutionOutcome & { explanation: ResolutionExplanation };

export interface Resolutions {
  /** The catalog publication the candidates were read from; undefined before the first. */
  publication?: Publication;
  /** One per name, in order. */
  outcomes: ResolutionOutcome[];
}

export interface ResolutionExplanation {
  query: string;
  decision: string;
  candidates: {
    productId: string;
    name: string;
    score: number;
    /** Its score as a suggestion (`other_matches`): a rejected candidate's is weighed down. */
    suggestion: number;
    rejected?: string;
    notes: string[];
  }[];
}

/** A product named by an exact key (a barcode, a name): found, confidence 1, nothing else. */
function certainly(
  query: string,
  product: { productId: string; name: string },
  decision: string,
  note: string,
): ResolutionOutcome {
  return {
    found: true,
    productId: product.productId,
    name: product.name,
    confidence: 1,
    candidates: [],
    explanation: {
      query,
      decision: `found: ${decision}`,
      // Only its id and name: a probe's hit also carries its stored answer.
      candidates: [
        {
          productId: product.productId,
          name: product.name,
          score: 1,
          suggestion: 1,
          notes: [note],
        },
      ],
    },
  };
}

/** A lookup that is a barcode a product carries: that product, exactly. */
export const barcodeOutcome = (
  query: string,
  gtin: string,
  { id, name }: { id: string; name: string },
): ResolutionOutcome =>
  certainly(
    query,
    { productId: id, name },
    `the product carrying the barcode (GTIN ${gtin})`,
    'barcode',
  );

/**
 * A name read by its words, and by the barcodes it writes among them: when those barcodes are
 * one product's (several products' are no one's), that product, unless the words name another
 * one outright, when the name contradicts itself and is refused with both as suggestions.
 */
export function writtenBarcodeOutcome(
  query: string,
  written: readonly string[],
  carriers: ReadonlyMap<string, { id: string; name: string }>,
  byWords: ResolutionOutcome,
): ResolutionOutcome {
  const carried = written.filter((gtin) => carriers.has(gtin));
  if (new Set(carried.map((gtin) => carriers.get(gtin)!.id)).size !== 1) return byWords;
  const gtin = carried[0]!;
  const { id, name } = carriers.get(gtin)!;
  if (!byWords.found || byWords.productId === id) return barcodeOutcome(query, gtin, { id, name });
  const named = { productId: byWords.productId!, name: byWords.name! };
  return {
    found: false,
    confidence: 0,
    candidates: [
      { productId: id, name, score: 1 },
      { ...named, score: byWords.confidence },
    ],
    explanation: {
      query,
      decision:
        `refused: the barcode it writes (GTIN ${gtin}) is "${name}"'s, ` +
        `and its words name "${named.name}"`,
      candidates: [
        { productId: id, name, score: 1, suggestion: 1, notes: ['barcode'] },
        ...(byWords.explanation?.candidates ?? []),
      ],
    },
  };
}

/**
 * A lookup that is exactly one product's name, folded (names/name-keys.ts): that product,
 * with nothing else to suggest, as the resolver decides it (resolution-decision.ts), found by
 * one probe of the name's key.
 */
export const exactNameOutcome = (
  query: string,
  product: { productId: string; name: string; alias: boolean },
): ResolutionOutcome =>
  product.alias
    ? certainly(query, product, 'a name an admin confirmed as this product', 'alias')
    : certainly(query, product, `${EXACTLY_ONE_NAME} (its name's key)`, 'same name');

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The outcome of deciding among scored candidates (resolution-decision.ts): the product found
 * or none, the suggestions, and, when `explain`, every candidate with what its score rests on,
 * best first.
 */
export function decidedOutcome(
  query: string,
  explained: readonly { scored: ScoredProduct; notes: string[] }[],
  contradicts?: Contradicts,
  explain = true,
  /** Why the name is refused, whatever these candidates say (decide). */
  refused?: string,
): ResolutionOutcome {
  const decision = decide(
    explained.map((e) => e.scored),
    contradicts,
    refused,
  );
  const { found } = decision;
  return {
    found: found !== undefined,
    ...(found && { productId: found.productId, name: found.name }),
    confidence: round3(found?.score ?? decision.suggestions[0]?.suggestionScore ?? 0),
    candidates: decision.suggestions.map((s) => ({
      productId: s.productId,
      name: s.name,
      score: round3(s.suggestionScore),
    })),
    ...(explain && { explanation: explanationOf(query, explained, decision) }),
  };
}

/**
 * A refused name's outcome with the suggestions of more of its candidates, decided apart
 * (refused alike): the best of both, as one list of suggestions would rank them.
 */
export function withSuggestionsOf(
  outcome: ResolutionOutcome,
  more: ResolutionOutcome,
): ResolutionOutcome {
  const offered = new Set(outcome.candidates.map((c) => c.productId));
  const candidates = [
    ...outcome.candidates,
    ...more.candidates.filter((c) => !offered.has(c.productId)),
  ]
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_SUGGESTIONS);
  const searched = more.explanation?.candidates.length ?? 0;
  const explanation = outcome.explanation && {
    ...outcome.explanation,
    decision: `${outcome.explanation.decision}; searched again for suggestions: ${searched} more scored`,
    candidates: [...outcome.explanation.candidates, ...(more.explanation?.candidates ?? [])].sort(
      (a, b) => b.score - a.score || b.suggestion - a.suggestion,
    ),
  };
  return {
    ...outcome,
    confidence: candidates[0]?.score ?? 0,
    candidates,
    ...(explanation && { explanation }),
  };
}

function explanationOf(
  query: string,
  explained: readonly { scored: ScoredProduct; notes: string[] }[],
  { reason, suggestions }: Decision,
): ResolutionExplanation {
  const offered = new Map(suggestions.map((s) => [s.productId, s.suggestionScore]));
  return {
    query,
    decision: reason,
    candidates: explained
      .map((e) => ({
        productId: e.scored.productId,
        name: e.scored.name,
        score: round3(e.scored.score),
        suggestion: round3(offered.get(e.scored.productId) ?? e.scored.suggestionScore),
        ...(e.scored.rejected && { rejected: e.scored.rejected }),
        notes: e.notes,
      }))
      .sort((a, b) => b.score - a.score || b.suggestion - a.suggestion),
  };
}

import { EXACTLY_ONE_NAME } from '../names/resolution-decision.js';
import type { Publication } from '../publication/publication.sql.js';

// What resolving a name gives: the product found (or none), the other candidates, and why.

export interface ResolutionOutcome {
  found: boolean;
  /** Set when found. */
  productId?: string;
  confidence: number;
  /** Other candidates, best first, never the found product. */
  candidates: { productId: string; name: string; score: number }[];
  /** Why: every candidate's score and the decision, for admins. */
  explanation: ResolutionExplanation;
}

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

/** A lookup that is a barcode a product carries: that product, exactly. */
export function barcodeOutcome(
  query: string,
  gtin: string,
  product: { id: string; name: string },
): ResolutionOutcome {
  return {
    found: true,
    productId: product.id,
    confidence: 1,
    candidates: [],
    explanation: {
      query,
      decision: `found: the product carrying the barcode (GTIN ${gtin})`,
      candidates: [
        { productId: product.id, name: product.name, score: 1, suggestion: 1, notes: ['barcode'] },
      ],
    },
  };
}

/**
 * A lookup that is exactly one product's name, folded (names/exact-names.ts): that product,
 * with nothing else to suggest, as the resolver decides it (resolution-decision.ts), found by
 * one probe of the name's key.
 */
export function exactNameOutcome(
  query: string,
  product: { productId: string; name: string },
): ResolutionOutcome {
  return {
    found: true,
    productId: product.productId,
    confidence: 1,
    candidates: [],
    explanation: {
      query,
      decision: `found: ${EXACTLY_ONE_NAME} (its name's key)`,
      candidates: [{ ...product, score: 1, suggestion: 1, notes: ['same name'] }],
    },
  };
}

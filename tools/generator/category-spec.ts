import { CRITERIA, type Criterion } from '../../src/taxonomy/taxonomy.js';

// The shape of a category of the synthetic catalog (the table is in categories.ts).

export interface CategorySpec {
  readonly name: string;
  readonly brands: readonly string[];
  readonly lines: readonly string[];
  /** Variant words; '' is the base model. */
  readonly variants: readonly string[];
  /** Generation labels; '' is none. '(...)' labels go at the end of a name, others after the variant. */
  readonly generations: readonly string[];
  /** Sizes, smallest first; empty when the category has none. */
  readonly sizes: readonly string[];
  readonly colours: readonly string[];
  /** Typical price range of a base model in USD. */
  readonly price: readonly [number, number];
  /** Price multiplier added per size step. */
  readonly sizeStep: number;
  /** Criteria reviewers of this category rate. */
  readonly criteria: readonly Criterion[];
  /** How reviews of this category call output_quality. */
  readonly output: string;
}

// Lists are written as comma-separated text to keep this table readable.
export const list = (text: string): readonly string[] => (text === '' ? [] : text.split(', '));

export const criteria = (text: string): readonly Criterion[] =>
  list(text).map((key) => {
    const criterion = CRITERIA.find((c) => c === key);
    if (criterion === undefined) throw new Error(`unknown criterion ${key}`);
    return criterion;
  });

/** Price multiplier and quality points of each variant word. */
export const VARIANT_EFFECT: Readonly<Record<string, { price: number; quality: number }>> = {
  '': { price: 1, quality: 0 },
  Pro: { price: 1.3, quality: 5 },
  Max: { price: 1.45, quality: 6 },
  'Pro Max': { price: 1.55, quality: 8 },
  Ultra: { price: 1.6, quality: 8 },
  Plus: { price: 1.15, quality: 2 },
  Mini: { price: 0.8, quality: -3 },
  Lite: { price: 0.72, quality: -6 },
  SE: { price: 0.78, quality: -4 },
  Air: { price: 1.1, quality: 1 },
  Go: { price: 0.7, quality: -5 },
  Active: { price: 1.05, quality: 1 },
  Sport: { price: 0.95, quality: -1 },
  Touch: { price: 1.2, quality: 2 },
  ST: { price: 1, quality: 0 },
};

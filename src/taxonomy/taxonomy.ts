/** The 7 dimensions and their 27 criteria, in contract order (docs/decisions.md, Taxonomy). */
export const TAXONOMY = {
  performance: ['core_performance', 'speed', 'output_quality', 'energy_efficiency'],
  build: ['build_quality', 'materials', 'comfort', 'portability'],
  usability: ['setup', 'ease_of_use', 'controls', 'app_software'],
  features: ['feature_set', 'connectivity', 'compatibility', 'customization'],
  reliability: ['durability', 'consistency', 'defect_rate', 'longevity'],
  value: ['price_to_performance', 'running_costs', 'resale_value', 'included_extras'],
  support: ['warranty', 'customer_support', 'repairability'],
} as const;

export type Dimension = keyof typeof TAXONOMY;
export type Criterion = (typeof TAXONOMY)[Dimension][number];

export const DIMENSIONS = Object.keys(TAXONOMY) as Dimension[];
export const CRITERIA: readonly Criterion[] = DIMENSIONS.flatMap((d) => TAXONOMY[d]);

/** Each criterion's place in CRITERIA (taxonomy order). */
export const CRITERION_INDEX: ReadonlyMap<string, number> = new Map(CRITERIA.map((c, i) => [c, i]));

export const SOURCE_TYPES = ['lab_test', 'expert_review', 'user_reviews', 'community'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

import { CRITERIA } from '../taxonomy/taxonomy.js';
import type { Prior, Priors } from './synthesis.types.js';

// A category's priors (docs/decisions.md, Synthesis): each criterion's mean rating over the
// category's sources, and its mean overall score; the whole catalog's where the category has
// none (never another category's), the middle of the scale where the catalog has none either.
// Computed from the catalog's per-category means, which the import counts.

/** One category's mean of one criterion, over `ratings` ratings. */
export interface CriterionMeanRow {
  category: string;
  criterion: string;
  mean: number;
  ratings: number;
}

/** One category's mean overall score, over `reviews` reviews. */
export interface ScoreMeanRow {
  category: string;
  mean: number;
  reviews: number;
}

/** Where no rating exists anywhere, a prior is the middle of the scale. */
const NEUTRAL_PRIOR = 50;

const weighted = (rows: { mean: number; weight: number }[]): number | undefined => {
  const total = rows.reduce((sum, r) => sum + r.weight, 0);
  return total === 0 ? undefined : rows.reduce((sum, r) => sum + r.mean * r.weight, 0) / total;
};

function priorOf(categoryMean: number | undefined, catalogMean: number | undefined): Prior {
  if (categoryMean !== undefined) return { mean: categoryMean, basis: 'category_prior' };
  return { mean: catalogMean ?? NEUTRAL_PRIOR, basis: 'catalog_prior' };
}

/** The priors of every category the rows name, and of any other (`fallback`). */
export class CatalogPriors {
  private readonly byCategory = new Map<string, Priors>();
  private readonly criteria = new Map<string, CriterionMeanRow[]>();
  private readonly scores = new Map<string, ScoreMeanRow>();
  private readonly catalogCriteria = new Map<string, number | undefined>();
  private readonly catalogScore: number | undefined;

  constructor(criterionRows: readonly CriterionMeanRow[], scoreRows: readonly ScoreMeanRow[]) {
    for (const row of criterionRows) {
      const same = this.criteria.get(row.category);
      if (same) same.push(row);
      else this.criteria.set(row.category, [row]);
    }
    for (const row of scoreRows) this.scores.set(row.category, row);
    for (const criterion of CRITERIA) {
      const rows = criterionRows.filter((r) => r.criterion === criterion);
      this.catalogCriteria.set(
        criterion,
        weighted(rows.map((r) => ({ mean: r.mean, weight: r.ratings }))),
      );
    }
    this.catalogScore = weighted(scoreRows.map((r) => ({ mean: r.mean, weight: r.reviews })));
  }

  of(category: string): Priors {
    let priors = this.byCategory.get(category);
    if (!priors) {
      const own = new Map((this.criteria.get(category) ?? []).map((r) => [r.criterion, r]));
      const score = this.scores.get(category);
      priors = {
        criteria: Object.fromEntries(
          CRITERIA.map((criterion) => {
            const row = own.get(criterion);
            const mean = row && row.ratings > 0 ? row.mean : undefined;
            return [criterion, priorOf(mean, this.catalogCriteria.get(criterion))];
          }),
        ) as Priors['criteria'],
        overall: priorOf(score && score.reviews > 0 ? score.mean : undefined, this.catalogScore),
      };
      this.byCategory.set(category, priors);
    }
    return priors;
  }
}

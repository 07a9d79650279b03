import type { SynthesisConfig } from '../config/app-config.js';
import { exactNameKeys } from '../names/exact-names.js';
import { NAMES_SEPARATOR } from '../names/name-normaliser.js';
import { CatalogPriors, type CriterionMeanRow, type ScoreMeanRow } from '../synthesis/priors.js';
import { toProductRecord, type ProductRow } from '../synthesis/product-record.js';
import { packAssessment } from '../synthesis/stored-assessment.js';
import { synthesize } from '../synthesis/synthesize.js';
import { copyField, copyRow } from './copy-format.js';

// One batch of a publication's products to their stored answers (product_answers) and, when
// asked, their exact name keys: what each worker of catalog-answers.ts runs.

/** How to compute: the caller's settings. */
export interface AnswerSettings {
  config: SynthesisConfig;
  /** The publication's time (ISO): every stored answer is of it. */
  publishedAt: string;
  /** Also the products' exact name keys (a new catalog; an offers feed changes no name). */
  keys: boolean;
}

/** What a worker is given: the settings and the catalog's category means. */
export interface AnswerTask extends AnswerSettings {
  criterionMeans: CriterionMeanRow[];
  scoreMeans: ScoreMeanRow[];
}

/** COPY rows: `answers` of product_answers (product_id, body), `keys` of (key, product_id). */
export interface AnswerRows {
  answers: string;
  keys: string;
  products: number;
}

export function answerBatcher(task: AnswerTask): (lines: readonly string[]) => AnswerRows {
  const priors = new CatalogPriors(task.criterionMeans, task.scoreMeans);
  const publishedAt = new Date(task.publishedAt);
  return (lines) => {
    let answers = '';
    let keys = '';
    for (const line of lines) {
      const row = JSON.parse(copyField(line)) as ProductRow;
      const product = toProductRecord(row);
      const offerIds: string[] = [];
      const body = synthesize(
        {
          product,
          priors: priors.of(product.category),
          publishedAt,
          resolution: { confidence: 1, other_matches: [] },
          buyUrl: (offer) => {
            offerIds.push(offer.offerId);
            return '';
          },
        },
        task.config,
      );
      answers += copyRow([product.id, packAssessment(body, offerIds)]);
      if (task.keys)
        for (const key of exactNameKeys(row.names.split(NAMES_SEPARATOR), row.brand))
          keys += copyRow([key, product.id]);
    }
    return { answers, keys, products: lines.length };
  };
}

import type { SynthesisConfig } from '../config/app-config.js';
import { exactNameKeys } from '../names/exact-names.js';
import { NAMES_SEPARATOR } from '../names/name-normaliser.js';
import { CatalogPriors, type CriterionMeanRow, type ScoreMeanRow } from '../synthesis/priors.js';
import { packAssessment } from '../synthesis/stored-assessment.js';
import { synthesize } from '../synthesis/synthesize.js';
import { BinaryCopyRows } from './copy-binary.js';
import { copyRow } from './copy-format.js';
import { readProducts } from './product-rows.js';

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

/**
 * COPY rows: `answers` of product_answers (product_id, body) in the binary format, without its
 * header and trailer (copy-binary.ts), `keys` of (key, product_id) in the text format.
 */
export interface AnswerRows {
  answers: Uint8Array;
  keys: string;
  products: number;
}

/** A batch of product rows (productRowsSql, whole products) to their COPY rows. */
export function answerBatcher(task: AnswerTask): (lines: readonly string[]) => AnswerRows {
  const priors = new CatalogPriors(task.criterionMeans, task.scoreMeans);
  const publishedAt = new Date(task.publishedAt);
  const answers = new BinaryCopyRows();
  return (lines) => {
    let keys = '';
    let products = 0;
    for (const { product, names } of readProducts(lines)) {
      products++;
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
      answers.add([product.id, packAssessment(body, offerIds)]);
      if (task.keys)
        for (const key of exactNameKeys(names.split(NAMES_SEPARATOR), product.brand))
          keys += copyRow([key, product.id]);
    }
    return { answers: answers.take(), keys, products };
  };
}

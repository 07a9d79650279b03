import type { SynthesisConfig } from '../config/app-config.js';
import { CatalogPriors, type CriterionMeanRow, type ScoreMeanRow } from '../synthesis/priors.js';
import { packAssessment } from '../synthesis/stored-assessment.js';
import { synthesize } from '../synthesis/synthesize.js';
import { BinaryCopyRows } from './copy-binary.js';
import { copyRow } from './copy-format.js';
import { readProducts } from './product-rows.js';

// One batch of a publication's products to their stored answers (product_answers): what each
// worker of catalog-answers.ts runs.

/** How to compute: the caller's settings. */
export interface AnswerSettings {
  config: SynthesisConfig;
  /** The publication's time (ISO): every stored answer is of it. */
  publishedAt: string;
}

/** What a worker is given: the settings and the catalog's category means. */
export interface AnswerTask extends AnswerSettings {
  criterionMeans: CriterionMeanRow[];
  scoreMeans: ScoreMeanRow[];
}

/**
 * COPY rows of product_answers (product_id, body) in the binary format, without its header and
 * trailer (copy-binary.ts).
 */
export interface AnswerRows {
  answers: Uint8Array;
  /** COPY text rows of each product's standing facts (id, category, score, sources, price). */
  scores: string;
  products: number;
}

/** A batch of product rows (productRowsSql, whole products) to their COPY rows. */
export function answerBatcher(task: AnswerTask): (lines: readonly string[]) => AnswerRows {
  const priors = new CatalogPriors(task.criterionMeans, task.scoreMeans);
  const publishedAt = new Date(task.publishedAt);
  const answers = new BinaryCopyRows();
  return (lines) => {
    let products = 0;
    let scores = '';
    for (const product of readProducts(lines)) {
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
      scores += copyRow([
        product.id,
        body.category,
        body.service_score,
        body.source_count,
        body.starting_price_usd,
      ]);
    }
    return { answers: answers.take(), scores, products };
  };
}

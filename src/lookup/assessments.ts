import { Injectable, Optional } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { Metrics } from '../metrics/metrics.service.js';
import type { Publication } from '../publication/publication.sql.js';
import { CatalogPriors } from '../synthesis/priors.js';
import { PurchaseLinks } from '../synthesis/purchase-links.js';
import { alternativesOf, categoryRank } from '../synthesis/standing.js';
import { synthesisKey, unpackAssessment } from '../synthesis/stored-assessment.js';
import { SynthesisService } from '../synthesis/synthesis.service.js';
import type { ProductRecord } from '../synthesis/synthesis.types.js';
import { AnswerRepository, type StoredAnswer } from './answer.repository.js';
import { heapBytes, LookupCache, storedHeapBytes, type CachedAssessment } from './lookup-cache.js';

/**
 * Each product's assessment for a publication: the one stored at publication (read with one
 * statement for all of a lookup's products), or, where the catalog stores none this service
 * may use (imported before answers were stored, or with other synthesis settings), synthesized
 * here as before. Either way it is cached per publication.
 */
@Injectable()
export class Assessments {
  /** The settings this service synthesizes with: stored answers are used only if the same. */
  readonly synthesisKey: string;
  private priors = { publication: -1, catalog: Promise.resolve(new CatalogPriors([], [])) };

  constructor(
    private readonly repository: AnswerRepository,
    private readonly synthesis: SynthesisService,
    private readonly links: PurchaseLinks,
    private readonly cache: LookupCache,
    config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.synthesisKey = synthesisKey(config.synthesis);
  }

  /**
   * A stored answer's body, with its rank in its category and its alternatives, as an assessment of `publication`
   * (and cached under it).
   */
  fromStored(
    publication: Publication,
    productId: string,
    stored: StoredAnswer,
    cache = true,
  ): CachedAssessment {
    const { body, offerIds } = unpackAssessment(
      stored.body,
      publication.publishedAt.toISOString(),
      (offerId) => this.links.urlFor({ offerId }),
    );
    if (stored.rank?.rank != null)
      body.category_rank = categoryRank(body.category, stored.rank.rank, stored.rank.of);
    if (stored.rank && stored.alternatives.length > 0)
      body.alternatives = alternativesOf(
        {
          id: body.id,
          serviceScore: body.service_score,
          startingPriceUsd: body.starting_price_usd,
          sourceCount: body.source_count,
        },
        body.category,
        stored.rank.of,
        stored.alternatives.map(([kind, id, productName, brand, serviceScore, price, sources]) => ({
          kind,
          product: {
            id,
            productName,
            brand,
            serviceScore,
            startingPriceUsd: price,
            sourceCount: sources,
          },
        })),
      );
    // About 0.3 KiB an alternative, as heapBytes would count it.
    const bytes = storedHeapBytes(stored.body) + 1200 * body.alternatives.length;
    const assessment = { body, offerIds, bytes };
    if (cache) this.cache.setAssessment(publication.id, productId, assessment);
    return assessment;
  }

  /**
   * The assessments of `ids`: cached, stored, or synthesized. `consistent` is false when a new
   * catalog was published after `publication` was read: nothing is cached then.
   */
  async of(
    publication: Publication,
    ids: Iterable<string>,
  ): Promise<{ assessments: Map<string, CachedAssessment>; consistent: boolean }> {
    const assessments = new Map<string, CachedAssessment>();
    const unread: string[] = [];
    for (const id of new Set(ids)) {
      const cached = this.cache.assessment(publication.id, id);
      this.metrics?.cacheLookup('assessments', cached !== undefined);
      if (cached) assessments.set(id, cached);
      else unread.push(id);
    }
    if (unread.length === 0) return { assessments, consistent: true };
    const stored = await this.repository.findAnswers(unread, this.synthesisKey);
    let consistent = stored.publication?.id === publication.id;
    for (const [id, answer] of stored.bodies)
      assessments.set(id, this.fromStored(publication, id, answer, consistent));
    const missing = unread.filter((id) => !stored.bodies.has(id));
    if (missing.length === 0) return { assessments, consistent };
    const { publicationId, products } = await this.repository.findProducts(missing);
    consistent &&= publicationId === undefined || publicationId === publication.id;
    for (const product of products) {
      const assessment = await this.synthesize(product, publication);
      if (consistent) this.cache.setAssessment(publication.id, product.id, assessment);
      assessments.set(product.id, assessment);
    }
    return { assessments, consistent };
  }

  /** A product's full body for a publication, whatever name resolved to it. */
  private async synthesize(
    product: ProductRecord,
    publication: Publication,
  ): Promise<CachedAssessment> {
    const offerIds: string[] = []; // in the order the body lists the offers
    const body = this.synthesis.synthesize({
      product,
      priors: (await this.priorsOf(publication.id)).of(product.category),
      publishedAt: publication.publishedAt,
      resolution: { confidence: 1, other_matches: [] }, // each answer sets its own
      buyUrl: (offer) => {
        offerIds.push(offer.offerId);
        return this.links.urlFor({ offerId: offer.offerId });
      },
    });
    return { body, offerIds, bytes: heapBytes(body) };
  }

  /** The categories' priors change only with the catalog: read once per publication. */
  private async priorsOf(publication: number): Promise<CatalogPriors> {
    if (this.priors.publication !== publication) {
      const catalog = this.repository
        .means()
        .then(({ criterionMeans, scoreMeans }) => new CatalogPriors(criterionMeans, scoreMeans));
      this.priors = { publication, catalog };
      catalog.catch(() => {
        if (this.priors.catalog === catalog) this.priors.publication = -1; // read again
      });
    }
    return await this.priors.catalog;
  }
}

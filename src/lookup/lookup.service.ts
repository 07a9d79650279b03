import { Injectable, Logger, Optional } from '@nestjs/common';
import { Metrics } from '../metrics/metrics.service.js';
import { toCompact } from '../synthesis/compact.js';
import type { LookupResult } from '../synthesis/product-intelligence.schema.js';
import { PurchaseLinks } from '../synthesis/purchase-links.js';
import { SynthesisService } from '../synthesis/synthesis.service.js';
import { resolutionOf } from '../synthesis/synthesize.js';
import type { Priors, ProductRecord } from '../synthesis/synthesis.types.js';
import {
  answerBytes,
  heapBytes,
  LookupCache,
  type CachedAnswer,
  type CachedAssessment,
} from './lookup-cache.js';
import type { Detail } from './lookup-request.schema.js';
import { LookupRepository } from './lookup.repository.js';
import type { Publication } from '../publication/publication.sql.js';
import { NameResolver, type ResolutionOutcome } from './name-resolver.service.js';
import { NEVER_PUBLISHED, PublishedCatalog } from './published-catalog.js';

/** Both lookups: resolve the names, then synthesize each product's assessment. */
@Injectable()
export class LookupService {
  /** Every answer's resolution, candidates and decision, at debug level (for admins). */
  private readonly logger = new Logger('Resolution');
  private priors = { publication: -1, byCategory: new Map<string, Priors>() };

  constructor(
    private readonly resolver: NameResolver,
    private readonly repository: LookupRepository,
    private readonly synthesis: SynthesisService,
    private readonly links: PurchaseLinks,
    private readonly catalog: PublishedCatalog,
    private readonly cache: LookupCache,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  async lookup(name: string, detail: Detail, keyId?: string): Promise<LookupResult> {
    return (await this.answer([name], detail, keyId))[0]!;
  }

  /** The names of a batch, resolved together; results in request order. */
  async lookupMany(names: string[], keyId?: string): Promise<LookupResult[]> {
    return await this.answer(names, 'full', keyId);
  }

  /**
   * Cached answers where there are; the other names resolved together, and the products they
   * resolve to assessed once per publication. Everything an answer says comes from the
   * publication its candidates were read from, and is cached under it.
   */
  private async answer(names: string[], detail: Detail, keyId?: string): Promise<LookupResult[]> {
    const current = this.catalog.current.id;
    const answers = new Map<string, CachedAnswer>();
    for (const name of names) {
      const cached = this.cache.get(current, detail, name);
      this.metrics?.cacheLookup('answers', cached !== undefined);
      if (cached) answers.set(name, cached);
    }
    const missing = [...new Set(names.filter((name) => !answers.has(name)))];
    if (missing.length > 0) {
      const resolved = await this.resolver.resolveMany(missing);
      const publication = resolved.publication ?? NEVER_PUBLISHED;
      const { assessments, consistent } = await this.assess(publication, resolved.outcomes);
      for (const [i, name] of missing.entries()) {
        const outcome = resolved.outcomes[i]!;
        const assessment = outcome.productId ? assessments.get(outcome.productId) : undefined;
        const answer = this.compose(outcome, assessment, publication, detail);
        if (consistent) this.cache.set(publication.id, detail, name, answer);
        answers.set(name, answer);
      }
    }
    return names.map((name) => {
      const answer = answers.get(name)!;
      // An object: the logger serializes it only when debug lines are written.
      this.logger.debug(answer.explanation);
      return this.forKey(answer, keyId);
    });
  }

  /**
   * The assessment of each product the names resolved to: cached for the publication, or read
   * (one query for all of them) and synthesized. `consistent` is false when a new catalog was
   * published between reading the candidates and the products: nothing is cached then.
   */
  private async assess(
    publication: Publication,
    outcomes: readonly ResolutionOutcome[],
  ): Promise<{ assessments: Map<string, CachedAssessment>; consistent: boolean }> {
    const assessments = new Map<string, CachedAssessment>();
    const unread: string[] = [];
    for (const id of new Set(outcomes.flatMap((o) => (o.productId ? [o.productId] : [])))) {
      const cached = this.cache.assessment(publication.id, id);
      this.metrics?.cacheLookup('assessments', cached !== undefined);
      if (cached) assessments.set(id, cached);
      else unread.push(id);
    }
    if (unread.length === 0) return { assessments, consistent: true };
    const { publicationId, products } = await this.repository.findProducts(unread);
    const consistent = publicationId === undefined || publicationId === publication.id;
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
      priors: await this.priorsOf(publication.id, product.category),
      publishedAt: publication.publishedAt,
      resolution: { confidence: 1, other_matches: [] }, // each answer sets its own
      buyUrl: (offer) => {
        offerIds.push(offer.offerId);
        return this.links.urlFor({ offerId: offer.offerId });
      },
    });
    return { body, offerIds, bytes: heapBytes(body) };
  }

  private compose(
    outcome: ResolutionOutcome,
    assessment: CachedAssessment | undefined,
    publication: Publication,
    detail: Detail,
  ): CachedAnswer {
    const { explanation } = outcome;
    const other_matches = outcome.candidates.map((c) => ({ name: c.name, match_score: c.score }));
    if (!assessment) {
      const as_of = publication.publishedAt.toISOString();
      const bytes = answerBytes(0, explanation);
      return { body: { found: false, other_matches, as_of }, offerIds: [], explanation, bytes };
    }
    const resolution = resolutionOf({ confidence: outcome.confidence, other_matches });
    const body = { ...assessment.body, resolution };
    return {
      body: detail === 'compact' ? toCompact(body) : body,
      offerIds: assessment.offerIds,
      explanation,
      bytes: answerBytes(assessment.bytes, explanation),
    };
  }

  /** A category's priors change only with the catalog: kept per publication. */
  private async priorsOf(publication: number, category: string): Promise<Priors> {
    if (this.priors.publication !== publication)
      this.priors = { publication, byCategory: new Map() };
    const byCategory = this.priors.byCategory;
    let priors = byCategory.get(category);
    if (!priors) {
      priors = await this.repository.priorsOf(category);
      byCategory.set(category, priors);
    }
    return priors;
  }

  /** The answer with its purchase links signed for the key that asked. */
  private forKey({ body, offerIds }: CachedAnswer, keyId?: string): LookupResult {
    if (!body.found || !keyId || offerIds.length === 0) return body;
    return {
      ...body,
      offers: body.offers.map((offer, i) => ({
        ...offer,
        buy_url: this.links.urlFor({ offerId: offerIds[i]!, keyId }),
      })),
    };
  }
}

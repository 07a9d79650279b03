import { Injectable, Logger } from '@nestjs/common';
import { toCompact } from '../synthesis/compact.js';
import type { LookupResult } from '../synthesis/product-intelligence.schema.js';
import { PurchaseLinks } from '../synthesis/purchase-links.js';
import { SynthesisService } from '../synthesis/synthesis.service.js';
import type { CriterionPriors } from '../synthesis/synthesis.types.js';
import { LookupCache, type CachedAnswer } from './lookup-cache.js';
import type { Detail } from './lookup-request.schema.js';
import { LookupRepository } from './lookup.repository.js';
import { NameResolver } from './name-resolver.service.js';
import { PublishedCatalog } from './published-catalog.js';

/** Both lookups: resolve the name, then synthesize the product's assessment. */
@Injectable()
export class LookupService {
  /** Every answer's resolution, candidates and decision, at debug level (for admins). */
  private readonly logger = new Logger('Resolution');
  private priors = { publication: -1, byCategory: new Map<string, CriterionPriors>() };

  constructor(
    private readonly resolver: NameResolver,
    private readonly repository: LookupRepository,
    private readonly synthesis: SynthesisService,
    private readonly links: PurchaseLinks,
    private readonly catalog: PublishedCatalog,
    private readonly cache: LookupCache,
  ) {}

  async lookup(name: string, detail: Detail, keyId?: string): Promise<LookupResult> {
    const cached = this.cache.get(this.catalog.current.id, detail, name);
    if (cached) {
      this.logger.debug(cached.explanation);
      return this.forKey(cached, keyId);
    }
    // A miss reads the publication afresh, so an answer is never older than its as_of.
    const [outcome, publication] = await Promise.all([
      this.resolver.resolve(name),
      this.catalog.refresh(),
    ]);
    const other_matches = outcome.candidates.map((c) => ({ name: c.name, match_score: c.score }));
    const product = outcome.productId
      ? await this.repository.findProduct(outcome.productId)
      : undefined;
    const explanation = JSON.stringify(outcome.explanation);
    this.logger.debug(explanation);
    let answer: CachedAnswer;
    if (!product) {
      const body = {
        found: false as const,
        other_matches,
        as_of: publication.publishedAt.toISOString(),
      };
      answer = { body, offerIds: [], explanation };
    } else {
      const offerIds: string[] = []; // in the order the body lists the offers
      const body = this.synthesis.synthesize({
        product,
        priors: await this.priorsOf(publication.id, product.category),
        publishedAt: publication.publishedAt,
        resolution: { confidence: outcome.confidence, other_matches },
        buyUrl: (offer) => {
          offerIds.push(offer.offerId);
          return this.links.urlFor({ offerId: offer.offerId });
        },
      });
      answer = { body: detail === 'compact' ? toCompact(body) : body, offerIds, explanation };
    }
    this.cache.set(publication.id, detail, name, answer);
    return this.forKey(answer, keyId);
  }

  /** The names of a batch, resolved together; results in request order. */
  async lookupMany(names: string[], keyId?: string): Promise<LookupResult[]> {
    return await Promise.all(names.map((name) => this.lookup(name, 'full', keyId)));
  }

  /** A category's priors change only with the catalog: kept per publication. */
  private async priorsOf(publication: number, category: string): Promise<CriterionPriors> {
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

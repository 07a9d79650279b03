import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../config/app-config.js';
import type {
  LookupResult,
  ProductIntelligence,
} from '../synthesis/product-intelligence.schema.js';
import type { Detail } from './lookup-request.schema.js';

/** An answer as every key gets it, but for the key in its purchase links. */
export interface CachedAnswer {
  body: LookupResult;
  /** The offer behind each of body.offers, in order, to sign each key's links. */
  offerIds: string[];
  /** Why the name resolved as it did (JSON), logged for admins at debug level. */
  explanation: string;
}

/** A product's full assessment for one publication, whatever name resolved to it. */
export interface CachedAssessment {
  /** Its `resolution` is a placeholder: each answer sets its own. */
  body: ProductIntelligence;
  offerIds: string[];
}

/** An answer's objects take about four bytes of heap per character of its JSON. */
const heapBytes = (value: { body: object }) => Math.max(1, JSON.stringify(value.body).length * 4);

/**
 * Two caches, each keyed on everything that changes what it holds, each with half of
 * LOOKUP_CACHE_MB, least recently used out:
 * - answers by the catalog publication, the detail and the name as asked (the API key only
 *   changes the purchase links, which are signed per request);
 * - product assessments by the publication and the product, so a name never asked before
 *   still skips reading and synthesizing a product another name already resolved to.
 *
 * A new publication changes every key, so older entries are never served and age out.
 */
@Injectable()
export class LookupCache {
  private readonly answers?: LRUCache<string, CachedAnswer>;
  private readonly assessments?: LRUCache<string, CachedAssessment>;

  constructor(config: AppConfig) {
    if (config.env.LOOKUP_CACHE_MB === 0) return;
    const maxSize = (config.env.LOOKUP_CACHE_MB * 1024 * 1024) / 2;
    this.answers = new LRUCache<string, CachedAnswer>({ maxSize, sizeCalculation: heapBytes });
    this.assessments = new LRUCache<string, CachedAssessment>({
      maxSize,
      sizeCalculation: heapBytes,
    });
  }

  get(publication: number, detail: Detail, name: string): CachedAnswer | undefined {
    return this.answers?.get(`${publication}\u0000${detail}\u0000${name}`);
  }

  set(publication: number, detail: Detail, name: string, answer: CachedAnswer): void {
    this.answers?.set(`${publication}\u0000${detail}\u0000${name}`, answer);
  }

  assessment(publication: number, productId: string): CachedAssessment | undefined {
    return this.assessments?.get(`${publication}\u0000${productId}`);
  }

  setAssessment(publication: number, productId: string, assessment: CachedAssessment): void {
    this.assessments?.set(`${publication}\u0000${productId}`, assessment);
  }
}

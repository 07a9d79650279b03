import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import v8 from 'node:v8';
import { AppConfig } from '../config/app-config.js';
import type { Suggestion } from '../curation/asked-names.repository.js';
import type {
  LookupResult,
  ProductIntelligence,
} from '../synthesis/product-intelligence.schema.js';
import type { Detail } from './lookup-request.schema.js';
import type { ResolutionExplanation } from './resolution-outcome.js';

/** An answer as every key gets it, but for the key in its purchase links. */
export interface CachedAnswer {
  body: LookupResult;
  /** The offer behind each of body.offers, in order, to sign each key's links. */
  offerIds: string[];
  /** Why the name resolved as it did, logged for admins at debug level (kept only then). */
  explanation?: ResolutionExplanation;
  /** Its heap, estimated (answerBytes): it shares its assessment's objects. */
  bytes: number;
  /** A refused name's best suggestion and publication, recorded each time it is asked. */
  refused?: { suggestion?: Suggestion; publicationId: number };
}

/** A product's full assessment for one publication, whatever name resolved to it. */
export interface CachedAssessment {
  /** Its `resolution` is a placeholder: each answer sets its own. */
  body: ProductIntelligence;
  offerIds: string[];
  /** Its heap, estimated once (heapBytes). */
  bytes: number;
}

/**
 * Heap the service needs besides its caches, as V8 counts its limit (old and young space):
 * about 40 MiB is live once it has started, the rest is room for a request's garbage under
 * load. The production commands start node with --max-old-space-size=160, which is 208 MiB
 * of heap limit: the 32 MiB default cache fits.
 */
export const HEAP_RESERVE_MB = 176;

/**
 * The cache memory to use: LOOKUP_CACHE_MB, or what the heap limit leaves once the service's
 * own reserve is set aside when that is less (a cache bigger than the heap would end the
 * process out of memory under load, long after it started).
 */
export function cacheBudgetMb(
  requestedMb: number,
  heapLimitMb = v8.getHeapStatistics().heap_size_limit / 2 ** 20,
): number {
  return Math.max(0, Math.min(requestedMb, Math.floor(heapLimitMb - HEAP_RESERVE_MB)));
}

/** A body's objects take about four bytes of heap per character of its JSON. */
export const heapBytes = (body: object) => Math.max(1, JSON.stringify(body).length * 4);

/**
 * The same estimate for a body unpacked from its stored text, without serializing it: the
 * stored form leaves out about a third of the body's JSON (synthesis/stored-assessment.ts).
 */
export const storedHeapBytes = (text: string) => Math.max(1, text.length * 6);

/**
 * An answer's heap without serializing it again: its assessment's (which it shares, counted
 * anyway so the cache stays within its bound if the assessment is evicted) and about half a
 * KiB per candidate of its other matches and of its explanation, when it has one.
 */
export const answerBytes = (
  assessmentBytes: number,
  others: readonly unknown[],
  explanation?: ResolutionExplanation,
) => assessmentBytes + 1024 + 512 * (others.length + (explanation?.candidates.length ?? 0));

const bytesOf = (value: { bytes: number }) => value.bytes;

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
    const requested = config.lookupCacheMb;
    const budget = cacheBudgetMb(requested);
    if (budget < requested)
      new Logger(LookupCache.name).warn(
        `LOOKUP_CACHE_MB=${requested} does not fit this process's heap: caching ${budget} MiB. ` +
          `Start node with --max-old-space-size=${requested + 128} or more to cache all of it.`,
      );
    if (budget === 0) return;
    const maxSize = (budget * 1024 * 1024) / 2;
    this.answers = new LRUCache<string, CachedAnswer>({ maxSize, sizeCalculation: bytesOf });
    this.assessments = new LRUCache<string, CachedAssessment>({
      maxSize,
      sizeCalculation: bytesOf,
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

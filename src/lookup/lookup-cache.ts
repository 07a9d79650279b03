import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { AppConfig } from '../config/app-config.js';
import type { LookupResult } from '../synthesis/product-intelligence.schema.js';
import type { Detail } from './lookup-request.schema.js';

/** An answer as every key gets it, but for the key in its purchase links. */
export interface CachedAnswer {
  body: LookupResult;
  /** The offer behind each of body.offers, in order, to sign each key's links. */
  offerIds: string[];
  /** Why the name resolved as it did (JSON), logged for admins at debug level. */
  explanation: string;
}

/**
 * Answers by everything that changes them: the catalog publication, the detail and the name
 * as asked (the API key only changes the purchase links, which are signed per request). A new
 * publication changes the key, so old answers are never served and age out of the LRU.
 */
@Injectable()
export class LookupCache {
  private readonly answers?: LRUCache<string, CachedAnswer>;

  constructor(config: AppConfig) {
    if (config.env.LOOKUP_CACHE_MB === 0) return;
    this.answers = new LRUCache({
      maxSize: config.env.LOOKUP_CACHE_MB * 1024 * 1024,
      // An answer's objects take about four bytes of heap per character of its JSON.
      sizeCalculation: (answer) => Math.max(1, JSON.stringify(answer.body).length * 4),
    });
  }

  get(publication: number, detail: Detail, name: string): CachedAnswer | undefined {
    return this.answers?.get(`${publication}\u0000${detail}\u0000${name}`);
  }

  set(publication: number, detail: Detail, name: string, answer: CachedAnswer): void {
    this.answers?.set(`${publication}\u0000${detail}\u0000${name}`, answer);
  }
}

import { Injectable } from '@nestjs/common';
import { ProblemException } from '../common/problem.js';
import { AppConfig, type QuotaPolicy } from '../config/app-config.js';
import { UsageCounters } from '../usage/usage-counters.js';
import { Metrics } from '../metrics/metrics.service.js';
import { QuotaStorage } from './quota-storage.js';

export type Channel = 'http' | 'mcp';

/** A key's budget as the RateLimit header fields state it. */
export interface QuotaState {
  limit: number;
  remaining: number;
  /** Seconds until budget frees (the oldest charge in the window ages out); 0 when unused. */
  resetSeconds: number;
  windowSeconds: number;
}

/** How long a client should wait when the storage cannot answer. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * The one place a lookup is charged, over HTTP and MCP alike: one atomic check-and-consume
 * per request. It fails closed: a storage it cannot reach refuses the lookup with 503.
 */
@Injectable()
export class QuotaService {
  constructor(
    private readonly storage: QuotaStorage,
    private readonly config: AppConfig,
    private readonly usage: UsageCounters,
    private readonly metrics: Metrics,
  ) {}

  get policy(): QuotaPolicy {
    return this.config.quota;
  }

  /** Charges `cost` lookups or throws the 429 (consuming nothing) or the 503 problem. */
  async charge(
    keyId: string,
    cost: number,
    channel: Channel,
    policy: QuotaPolicy = this.policy,
  ): Promise<QuotaState> {
    const decision = await this.consume(keyId, cost, policy);
    // The dashboard's usage chart: counted in memory, flushed to PostgreSQL every few seconds.
    this.usage.record(keyId, channel, decision.allowed ? cost : 0, decision.allowed ? 0 : 1);
    const state = this.toState(decision.used, decision.resetMs, policy);
    if (decision.allowed) return state;
    this.metrics.quotaRefusal(channel);
    const wait = Math.max(1, Math.ceil(decision.retryMs / 1000));
    const asked = cost === 1 ? 'a lookup' : `a batch of ${cost} lookups`;
    throw new ProblemException(
      'rate-limited',
      `This key has ${state.remaining} of its ${policy.limit} lookups left in the rolling ` +
        `${state.windowSeconds}-second window, not enough for ${asked}. Retry in ${wait} seconds.`,
    )
      .retryAfter(wait)
      .withHeaders(rateLimitHeaders(state));
  }

  /** The key's budget now, charging nothing. */
  async status(keyId: string, policy: QuotaPolicy = this.policy): Promise<QuotaState> {
    const decision = await this.consume(keyId, 0, policy);
    return this.toState(decision.used, decision.resetMs, policy);
  }

  private async consume(keyId: string, cost: number, policy: QuotaPolicy) {
    try {
      return await this.storage.consume(keyId, cost, policy.limit, policy.windowMs);
    } catch {
      throw new ProblemException(
        'quota-unavailable',
        'The rate budget cannot be checked right now, so no lookup is served. Try again shortly.',
      ).retryAfter(UNAVAILABLE_RETRY_SECONDS);
    }
  }

  private toState(used: number, resetMs: number, policy: QuotaPolicy): QuotaState {
    return {
      limit: policy.limit,
      remaining: Math.max(0, policy.limit - used),
      resetSeconds: Math.ceil(resetMs / 1000),
      windowSeconds: Math.round(policy.windowMs / 1000),
    };
  }
}

/** The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeaders(state: QuotaState): Record<string, string> {
  return {
    'RateLimit-Policy': `"lookups";q=${state.limit};w=${state.windowSeconds}`,
    RateLimit: `"lookups";r=${state.remaining};t=${state.resetSeconds}`,
  };
}

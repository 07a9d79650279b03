import { Injectable, Logger } from '@nestjs/common';
import { errorName } from '../common/error-name.js';
import { ProblemException } from '../common/problem.js';
import { knownProblem } from '../common/problem.filter.js';
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

/** A lookup charged to its key, to be spent on its answer (`QuotaService.spend`). */
export interface Charge {
  keyId: string;
  cost: number;
  channel: Channel;
  policy: QuotaPolicy;
  /** The key's budget after the charge. */
  state: QuotaState;
  /** The storage's name of the charge, to refund it by. */
  id?: string;
}

/** How long a client should wait when the storage cannot answer. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * The one place a lookup is charged, over HTTP and MCP alike: one atomic check-and-consume
 * per request. It fails closed: a storage it cannot reach refuses the lookup with 503. A
 * lookup that then fails with 503 (its database or the quota's storage away) costs nothing:
 * its charge is given back, and it is not counted as usage.
 */
@Injectable()
export class QuotaService {
  private readonly logger = new Logger('Quota');

  constructor(
    private readonly storage: QuotaStorage,
    private readonly config: AppConfig,
    private readonly usage: UsageCounters,
    private readonly metrics: Metrics,
  ) {}

  get policy(): QuotaPolicy {
    return this.config.quota;
  }

  /**
   * Charges `cost` lookups or throws the 429 (consuming nothing) or the 503 problem. The
   * charge is then spent on the lookup (`spend`).
   */
  async charge(
    keyId: string,
    cost: number,
    channel: Channel,
    policy: QuotaPolicy = this.policy,
  ): Promise<Charge> {
    const decision = await this.consume(keyId, cost, policy);
    const state = this.toState(decision.used, decision.resetMs, policy);
    if (decision.allowed) return { keyId, cost, channel, policy, state, id: decision.charge };
    this.usage.record(keyId, channel, 0, 1);
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

  /**
   * Runs the charged lookup. Failed with 503 (its database or the quota's storage away, so
   * nothing was answered), its charge is given back, the budget after that told to `restate`
   * (the answer's RateLimit header), and the error goes on. Otherwise, answered or not, the
   * charge stands and counts as usage.
   */
  async spend<T>(
    charge: Charge,
    lookup: () => Promise<T>,
    restate: (state: QuotaState) => void,
  ): Promise<T> {
    try {
      const answer = await lookup();
      this.counted(charge);
      return answer;
    } catch (error) {
      const refunded =
        knownProblem(error)?.getStatus() === 503 ? await this.refund(charge) : undefined;
      if (refunded) restate(refunded);
      else this.counted(charge);
      throw error;
    }
  }

  /** The dashboard's usage chart: counted in memory, flushed to PostgreSQL every few seconds. */
  private counted({ keyId, channel, cost }: Charge): void {
    this.usage.record(keyId, channel, cost, 0);
  }

  /** The budget after the refund; undefined when the storage cannot make it (the charge ages out). */
  private async refund({ keyId, id, policy }: Charge): Promise<QuotaState | undefined> {
    if (id === undefined) return undefined;
    try {
      const decision = await this.storage.refund(keyId, id, policy.limit, policy.windowMs);
      return this.toState(decision.used, decision.resetMs, policy);
    } catch (error) {
      this.logger.warn(`Could not refund a lookup that failed (${errorName(error)})`);
      return undefined;
    }
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

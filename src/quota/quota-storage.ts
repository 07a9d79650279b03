import type { ThrottlerStorage } from '@nestjs/throttler';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** The outcome of one atomic check-and-consume on a key's sliding window. */
export interface QuotaDecision {
  allowed: boolean;
  /** Budget used in the window, after this charge if it was allowed. */
  used: number;
  /** Milliseconds until the oldest charge in the window ages out (0 when nothing is used). */
  resetMs: number;
  /** Milliseconds until enough budget frees for this cost (0 when it was allowed). */
  retryMs: number;
  /** The charge made, when one was (allowed, cost above 0): what `refund` gives back. */
  charge?: string;
}

/**
 * @nestjs/throttler's storage interface extended with a cost. `consume` is the one atomic
 * check-and-consume: it charges `cost` only when the whole cost fits in the window, so a
 * refused batch consumes nothing. A cost of 0 only reads the state.
 */
export abstract class QuotaStorage implements ThrottlerStorage {
  abstract consume(
    key: string,
    cost: number,
    limit: number,
    windowMs: number,
  ): Promise<QuotaDecision>;

  /**
   * Gives one charge back, atomically: only while it is still in the window, and only once (a
   * charge that aged out or was refunded gives nothing). The decision is the state after it.
   */
  abstract refund(
    key: string,
    charge: string,
    limit: number,
    windowMs: number,
  ): Promise<QuotaDecision>;

  /** Throws when the storage cannot answer (the quota then fails closed). */
  abstract ping(): Promise<void>;

  /** The throttler's own contract: a charge of 1. */
  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    _throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const decision = await this.consume(key, 1, limit, ttl);
    return {
      totalHits: decision.allowed ? decision.used : decision.used + 1,
      timeToExpire: Math.ceil(decision.resetMs / 1000),
      isBlocked: !decision.allowed,
      timeToBlockExpire: Math.ceil(decision.retryMs / 1000),
    };
  }
}

/**
 * The sliding-window arithmetic both storages share (the Redis script mirrors it in Lua):
 * given the live charges oldest first, when does budget free, and when would `cost` fit?
 */
export function windowTimes(
  charges: readonly { at: number; cost: number }[],
  used: number,
  cost: number,
  limit: number,
  windowMs: number,
  now: number,
  allowed: boolean,
): { resetMs: number; retryMs: number } {
  const first = charges[0];
  const resetMs = first ? Math.max(0, first.at + windowMs - now) : 0;
  if (allowed) return { resetMs, retryMs: 0 };
  let retryMs = windowMs;
  let freed = 0;
  for (const charge of charges) {
    freed += charge.cost;
    if (used - freed + cost <= limit) {
      retryMs = Math.max(0, charge.at + windowMs - now);
      break;
    }
  }
  return { resetMs, retryMs };
}

import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { QuotaStorage, windowTimes, type QuotaDecision } from './quota-storage.js';

interface Charge {
  id: string;
  at: number;
  cost: number;
}

interface Window {
  charges: Charge[];
  /** The sum of the charges' costs. */
  used: number;
  windowMs: number;
}

/**
 * The default storage, for one instance: each key's live charges, oldest first. Node runs
 * `consume` and `refund` to completion without yielding, which makes each atomic.
 */
@Injectable()
export class MemoryQuotaStorage extends QuotaStorage implements OnModuleDestroy {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper = setInterval(() => this.sweep(), 60_000).unref();
  private sequence = 0;

  consume(key: string, cost: number, limit: number, windowMs: number): Promise<QuotaDecision> {
    return Promise.resolve(this.settle(key, cost, limit, windowMs));
  }

  refund(key: string, charge: string, limit: number, windowMs: number): Promise<QuotaDecision> {
    return Promise.resolve(this.settle(key, 0, limit, windowMs, charge));
  }

  /** A refund, then a charge: the Redis script's steps (redis-quota.storage.ts). */
  private settle(
    key: string,
    cost: number,
    limit: number,
    windowMs: number,
    refund?: string,
  ): QuotaDecision {
    const now = Date.now();
    const window = this.windows.get(key) ?? { charges: [], used: 0, windowMs };
    const charges = window.charges;
    let expired = 0;
    while (expired < charges.length && charges[expired]!.at <= now - windowMs)
      window.used -= charges[expired++]!.cost;
    if (expired > 0) charges.splice(0, expired);
    const refunded = refund === undefined ? -1 : charges.findIndex((c) => c.id === refund);
    if (refunded >= 0)
      window.used = Math.max(0, window.used - charges.splice(refunded, 1)[0]!.cost);
    const allowed = window.used + cost <= limit;
    let charge: string | undefined;
    if (allowed && cost > 0) {
      charge = String((this.sequence += 1));
      charges.push({ id: charge, at: now, cost });
      window.used += cost;
      this.windows.set(key, window);
    }
    const used = window.used;
    return {
      allowed,
      used,
      ...windowTimes(charges, used, cost, limit, windowMs, now, allowed),
      ...(charge && { charge }),
    };
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /** Forget keys whose every charge has aged out, so idle keys cost no memory. */
  private sweep(): void {
    const now = Date.now();
    for (const [key, { charges, windowMs }] of this.windows) {
      if ((charges.at(-1)?.at ?? 0) <= now - windowMs) this.windows.delete(key);
    }
  }
}

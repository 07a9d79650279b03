import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ThrottlerModuleOptions } from '@nestjs/throttler';
import type { QuotaPolicy } from '../config/app-config.js';
import { MemoryQuotaStorage } from './memory-quota.storage.js';
import { QuotaGuard } from './quota.guard.js';
import type { QuotaService } from './quota.service.js';

/** What the guard asked the quota service for. */
function recordingQuota() {
  const charges: { keyId: string; cost: number; policy: QuotaPolicy }[] = [];
  const quota = {
    charge: (keyId: string, cost: number, _via: string, policy: QuotaPolicy) => {
      charges.push({ keyId, cost, policy });
      return Promise.resolve({
        state: { limit: policy.limit, remaining: policy.limit - cost, resetSeconds: 60 },
      });
    },
  };
  return { charges, quota: quota as unknown as QuotaService };
}

function guard(options: ThrottlerModuleOptions, quota: QuotaService) {
  return new QuotaGuard(options, new MemoryQuotaStorage(), new Reflector(), quota);
}

function contextOf(handler: () => void, req: Record<string, unknown>): ExecutionContext {
  const headers: Record<string, unknown> = {};
  const res = { set: (set: Record<string, unknown>) => Object.assign(headers, set) };
  return {
    getHandler: () => handler,
    getClass: () => Object,
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }),
  } as unknown as ExecutionContext;
}

describe(QuotaGuard.name, () => {
  it("charges the request's cost, 1 unless the validation step set one", async () => {
    const { charges, quota } = recordingQuota();
    const quotaGuard = guard({ throttlers: [{ name: 'lookups', limit: 7, ttl: 30_000 }] }, quota);
    await quotaGuard.onModuleInit();
    const handler = () => undefined;
    const batch: Record<string, unknown> = { apiKeyId: 'k1', chargeCost: 3 };
    expect(await quotaGuard.canActivate(contextOf(handler, batch))).toBe(true);
    expect(await quotaGuard.canActivate(contextOf(handler, { apiKeyId: 'k1' }))).toBe(true);
    expect(charges).toEqual([
      { keyId: 'k1', cost: 3, policy: { limit: 7, windowMs: 30_000 } },
      { keyId: 'k1', cost: 1, policy: { limit: 7, windowMs: 30_000 } },
    ]);
  });

  it('refuses to start on a budget it would not read per request', async () => {
    const { quota } = recordingQuota();
    const twoThrottlers = guard(
      {
        throttlers: [
          { name: 'a', limit: 1, ttl: 1_000 },
          { name: 'b', limit: 2, ttl: 2_000 },
        ],
      },
      quota,
    );
    await expect(twoThrottlers.onModuleInit()).rejects.toThrow(/exactly one throttler/);
    const computed = guard({ throttlers: [{ name: 'a', limit: () => 1, ttl: 1_000 }] }, quota);
    await expect(computed.onModuleInit()).rejects.toThrow(/fixed limit and ttl/);
    await expect(
      guard({ throttlers: [{ name: 'a', limit: 1, ttl: 1_000 }] }, quota).canActivate(
        contextOf(() => undefined, { apiKeyId: 'k' }),
      ),
    ).rejects.toThrow(/before its module was initialised/);
  });
});

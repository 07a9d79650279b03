import { Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { QuotaStorage, type QuotaDecision } from './quota-storage.js';

/**
 * One key's sliding window as a sorted set of charges (score: time in ms, member:
 * "<cost>:<unique>") beside the running sum of their costs, checked and consumed by one
 * script, so concurrent instances can never both spend the last unit. The same script gives a
 * charge back (ARGV[5], its member, with a cost of 0): only a member still in the window is
 * removed, so a refund gives back at most what was charged, once. Both keys share the
 * API key's hash tag, so the script is safe under Redis Cluster; it takes the time from Redis,
 * so the instances' clocks do not matter. An allowed charge costs O(log n); only a refusal
 * walks the window to say when the cost will fit. The arithmetic mirrors windowTimes() in
 * quota-storage.ts.
 */
const CONSUME = `
local charges, total = KEYS[1], KEYS[2]
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local cost, limit, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local function cost_of(member) return tonumber(string.match(member, '^(%d+):')) end
local expired = redis.call('ZRANGEBYSCORE', charges, '-inf', now - window)
local used = redis.call('GET', total)
if used then
  used = tonumber(used)
  for i = 1, #expired do used = used - cost_of(expired[i]) end
  if #expired > 0 then redis.call('ZREMRANGEBYSCORE', charges, '-inf', now - window) end
else
  redis.call('ZREMRANGEBYSCORE', charges, '-inf', now - window)
  used = 0
  for _, member in ipairs(redis.call('ZRANGE', charges, 0, -1)) do used = used + cost_of(member) end
end
if ARGV[5] ~= '' and redis.call('ZREM', charges, ARGV[5]) == 1 then
  used = math.max(0, used - cost_of(ARGV[5]))
end
local allowed = used + cost <= limit
if allowed and cost > 0 then
  redis.call('ZADD', charges, now, ARGV[4])
  used = used + cost
end
if used > 0 then
  redis.call('SET', total, used, 'PX', window)
  redis.call('PEXPIRE', charges, window)
else
  redis.call('DEL', total)
end
local reset, retry = 0, 0
local oldest = redis.call('ZRANGE', charges, 0, 0, 'WITHSCORES')
if oldest[2] then reset = math.max(0, tonumber(oldest[2]) + window - now) end
if not allowed then
  retry = window
  local entries, freed = redis.call('ZRANGE', charges, 0, -1, 'WITHSCORES'), 0
  for i = 1, #entries, 2 do
    freed = freed + cost_of(entries[i])
    if used - freed + cost <= limit then
      retry = math.max(0, tonumber(entries[i + 1]) + window - now)
      break
    end
  end
end
return { allowed and 1 or 0, used, reset, retry }
`;

interface QuotaCommands {
  quotaConsume(
    charges: string,
    total: string,
    cost: number,
    limit: number,
    windowMs: number,
    member: string,
    refund: string,
  ): Promise<[number, number, number, number]>;
}

/** The shared storage for several instances (REDIS_URL). */
export class RedisQuotaStorage extends QuotaStorage implements BeforeApplicationShutdown {
  private readonly logger = new Logger(RedisQuotaStorage.name);
  private readonly redis: Redis & QuotaCommands;
  /** Charge members are unique across instances: this instance's id and a sequence. */
  private readonly instance = randomBytes(6).toString('base64url');
  private sequence = 0;

  constructor(url: string) {
    super();
    // Fail fast while Redis is away (the quota then answers 503) instead of queueing
    // commands; keep reconnecting in the background so the service recovers by itself.
    const redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 1_000,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      // Concurrent charges go out in one write: fewer syscalls on the hot path.
      enableAutoPipelining: true,
    });
    redis.defineCommand('quotaConsume', { numberOfKeys: 2, lua: CONSUME });
    let reported = false;
    redis.on('error', (error: Error) => {
      if (!reported) this.logger.warn(`Redis unreachable: ${error.message}`);
      reported = true;
    });
    redis.on('ready', () => (reported = false));
    this.redis = redis as Redis & QuotaCommands;
  }

  async consume(
    key: string,
    cost: number,
    limit: number,
    windowMs: number,
  ): Promise<QuotaDecision> {
    const member = `${cost}:${this.instance}.${(this.sequence += 1)}`;
    const decision = await this.run(key, cost, limit, windowMs, member, '');
    return decision.allowed && cost > 0 ? { ...decision, charge: member } : decision;
  }

  async refund(
    key: string,
    charge: string,
    limit: number,
    windowMs: number,
  ): Promise<QuotaDecision> {
    return await this.run(key, 0, limit, windowMs, '', charge);
  }

  private async run(
    key: string,
    cost: number,
    limit: number,
    windowMs: number,
    member: string,
    refund: string,
  ): Promise<QuotaDecision> {
    const [allowed, used, resetMs, retryMs] = await this.redis.quotaConsume(
      `pi:quota:{${key}}`,
      `pi:quota:{${key}}:used`,
      cost,
      limit,
      windowMs,
      member,
      refund,
    );
    return { allowed: allowed === 1, used, resetMs, retryMs };
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  /** After every `onModuleDestroy`, as PostgreSQL's pool (database/prisma.service.ts). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

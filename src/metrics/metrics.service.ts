import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The service's Prometheus metrics, in a registry of its own (not prom-client's global
 * one, so that two apps in one process, as in tests, do not collide). Other modules
 * record through the small methods below; no label ever carries a key or a query.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  private readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its response being sent',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly resolutions = new Counter({
    name: 'lookup_resolutions_total',
    help: 'Names looked up, by outcome (found or not_found)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly refusals = new Counter({
    name: 'lookup_refusals_total',
    help: 'Names refused (found: false), by transport: the names people asked for',
    labelNames: ['transport'] as const,
    registers: [this.registry],
  });

  private readonly askedNames = new Gauge({
    name: 'asked_names_pending',
    help: 'Refused names waiting for an admin to review them, as last counted',
    registers: [this.registry],
  });

  private readonly aliases = new Gauge({
    name: 'name_aliases',
    help: 'Names confirmed as a product by an admin (aliases curated), as last counted',
    registers: [this.registry],
  });

  private readonly quotaRefusals = new Counter({
    name: 'quota_refusals_total',
    help: 'Requests refused because the key had no budget left (429), by transport',
    labelNames: ['transport'] as const,
    registers: [this.registry],
  });

  private readonly cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Cache lookups by cache and result (hit or miss); hit rate = hit / (hit + miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });

  private readonly databaseReads = new Counter({
    name: 'database_reads_total',
    help: 'Read-only lookup queries by where they went (replica or primary)',
    labelNames: ['target'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // Zero series exist from the start, so rates and ratios are defined before the first event.
    for (const outcome of ['found', 'not_found']) this.resolutions.labels(outcome).inc(0);
    for (const transport of ['http', 'mcp']) this.refusals.labels(transport).inc(0);
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  resolution(found: boolean): void {
    this.resolutions.inc({ outcome: found ? 'found' : 'not_found' });
  }

  /** One refused name, asked over `transport`. */
  refusal(transport: 'http' | 'mcp'): void {
    this.refusals.inc({ transport });
  }

  /** The review's counts, as the recorder last read them. */
  curation(pending: number, aliases: number): void {
    this.askedNames.set(pending);
    this.aliases.set(aliases);
  }

  /** For the quota guard (HTTP) and the MCP tools: one call per refused request. */
  quotaRefusal(transport: 'http' | 'mcp'): void {
    this.quotaRefusals.inc({ transport });
  }

  /** For any cache (verified keys, lookups…): one call per lookup. */
  cacheLookup(cache: string, hit: boolean): void {
    this.cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
  }

  databaseRead(target: 'replica' | 'primary'): void {
    this.databaseReads.inc({ target });
  }

  async text(): Promise<string> {
    return await this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

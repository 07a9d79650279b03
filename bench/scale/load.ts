import type { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { summarise, type Measured } from './stats.js';

// autocannon's programmatic API (it ships no types; this is the part used here). Latencies
// are taken from its 'response' events in fractional milliseconds: its own histogram keeps
// whole milliseconds, too coarse for a 5 ms goal.

interface Request {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface Options {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests: { setupRequest: (request: Request) => Request }[];
}
interface Result {
  duration: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (
  options: Options,
  done: (error: Error | null, result: Result) => void,
) => EventEmitter & { stop(): void };
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadOptions {
  /** http://host:port of the service. */
  readonly origin: string;
  readonly key: string;
  readonly seconds: number;
  readonly connections: number;
  /**
   * The next request to send (called once per request: a place to make each one distinct), or
   * undefined when there is none left: the run then ends early, over the time it took.
   */
  readonly next: () => Request | undefined;
}

/** How many of a one-connection run's slowest requests it names. */
const SLOWEST = 10;

/** The product name a request asks (a lookup's query parameter), else its path or body. */
function askedName({ path, body }: Request): string {
  const asked = path === undefined ? null : new URL(path, 'http://x').searchParams;
  return asked?.get('product_name') ?? body ?? path ?? '';
}

/**
 * One autocannon run; 2xx responses count as completed, anything else as non-2xx. autocannon
 * stops at its next one-second tick: a run that ran out of requests asks /healthz until then,
 * and ends, for counting and timing, when it ran out.
 */
export function drive(options: LoadOptions): Promise<Measured> {
  const latencies: number[] = [];
  // On one connection responses come in the order requests were sent: each is its name's.
  const alone = options.connections === 1;
  const sent: string[] = [];
  const timed: { ms: number; name: string }[] = [];
  let non2xx = 0;
  const started = performance.now();
  let ranOut: number | undefined;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.origin,
        connections: options.connections,
        duration: options.seconds,
        headers: { authorization: `Bearer ${options.key}` },
        requests: [
          {
            setupRequest: (request) => {
              const next = options.next();
              if (alone && next) sent.push(askedName(next));
              if (next === undefined) {
                ranOut ??= performance.now();
                instance.stop();
                return { ...request, method: 'GET', path: '/healthz', body: undefined };
              }
              return { ...request, ...next, headers: { ...request.headers, ...next.headers } };
            },
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const seconds = ranOut === undefined ? result.duration : (ranOut - started) / 1000;
        const measured = summarise(latencies, seconds, { non2xx, errors: result.errors });
        const slowest = timed.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
        resolve(alone ? { ...measured, slowest } : measured);
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (ranOut !== undefined) return;
      if (alone) timed.push({ ms, name: sent[timed.length] ?? '' });
      if (status >= 200 && status < 300) latencies.push(ms);
      else non2xx++;
    });
  });
}

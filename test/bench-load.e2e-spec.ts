import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { drive } from '../bench/scale/load.js';

// The scale bench's load driver against a real HTTP server: what it counts, and the slowest
// names of a one-connection run, which bench/RESULTS.md reads one client's p99 from.

/** How long the server takes to answer "slow": longer than any stall of a busy test machine. */
const SLOW_MS = 400;

describe('the scale bench load driver', () => {
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const name = new URL(req.url!, 'http://x').searchParams.get('product_name');
      const status = name === 'missing' ? 404 : 200;
      setTimeout(() => res.writeHead(status).end('{}'), name === 'slow' ? SLOW_MS : 0);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const asking = (names: string[]) => {
    let next = 0;
    return () => ({
      path: `/v1/product-intelligence?product_name=${encodeURIComponent(names[next++ % names.length]!)}`,
    });
  };

  it('names the slowest requests of a run on one connection, and counts what failed', async () => {
    const measured = await drive({
      origin,
      key: 'k',
      seconds: 1,
      connections: 1,
      // "missing" comes before "slow": a stalled machine may send nothing after "slow" in 1 s.
      next: asking(['fast one', 'missing', 'slow', 'fast two']),
    });
    expect(measured.non2xx).toBeGreaterThan(0);
    expect(measured.requests).toBeGreaterThan(0);
    // Each request that took as long as "slow" takes is a "slow" one: names and times agree.
    const slow = measured.slowest!.filter(({ ms }) => ms >= SLOW_MS - 10);
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.map(({ name }) => name)).toEqual(slow.map(() => 'slow'));
    expect(measured.slowest![0]!.name).toBe('slow');
  }, 20_000);

  it('counts only failed responses as non-2xx on many connections, naming none', async () => {
    const measured = await drive({
      origin,
      key: 'k',
      seconds: 1,
      connections: 4,
      next: asking(['fast one', 'fast two']),
    });
    expect(measured.non2xx).toBe(0);
    expect(measured.requests).toBeGreaterThan(0);
    expect(measured.slowest).toBeUndefined();
  }, 20_000);
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { ServiceHttpAdapter } from '../src/common/service-http-adapter.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Requests Node's HTTP parser refuses before any route runs, sent as raw bytes: each is
// answered with problem details and a status that says why, where Node answers an empty body;
// and requests that never finish arriving, answered 408 once their timeout passes.

describe(ServiceHttpAdapter.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let port: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({
      DATABASE_URL: db.url,
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
    });
    await app.listen(0, '127.0.0.1');
    port = ((app.getHttpServer() as Server).address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  /** The whole answer to raw bytes, until the server closes the connection. */
  const raw = (bytes: Buffer) =>
    new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(bytes));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString();
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head, body });
      });
    });
  const lines = (...text: string[]) => Buffer.from(text.map((line) => `${line}\r\n`).join(''));

  it.each([
    [
      'bytes that are not a URL',
      Buffer.concat([Buffer.from('GET /'), Buffer.from([0xff]), lines(' HTTP/1.1', 'Host: x', '')]),
      400,
    ],
    [
      'a Content-Length that is no number',
      lines('POST / HTTP/1.1', 'Host: x', 'Content-Length: abc', ''),
      400,
    ],
    [
      'a head over 16 KiB',
      lines('GET / HTTP/1.1', 'Host: x', `X-Big: ${'a'.repeat(17_000)}`, ''),
      431,
    ],
    [
      'an expectation other than 100-continue',
      lines('GET /healthz HTTP/1.1', 'Host: x', 'Expect: garbage', ''),
      417,
    ],
  ])('answers %s with problem details', async (_label, bytes, status) => {
    const res = await raw(bytes);
    expect(res.status).toBe(status);
    expect(res.headers).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    expect(JSON.parse(res.body)).toMatchObject({ status, title: expect.any(String) });
  });

  /** The answer to bytes that stop before the request is whole, and how long it took. */
  const stalled = async (bytes: Buffer) => {
    const started = performance.now();
    const res = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    });
    return { res, ms: performance.now() - started };
  };

  it.each([
    ['a head that never ends', lines('GET /healthz HTTP/1.1', 'Host: x'), 1_000],
    [
      'a body shorter than its Content-Length',
      Buffer.concat([
        lines(
          'POST /v1/product-intelligence/batch HTTP/1.1',
          'Host: x',
          'Content-Type: application/json',
          'Content-Length: 50',
          '',
        ),
        Buffer.from('{"pro'),
      ]),
      2_000,
    ],
  ])('answers %s with 408 once its timeout passes', async (_label, bytes, timeoutMs) => {
    const { res, ms } = await stalled(bytes);
    expect(res).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(res).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    expect(ms).toBeGreaterThanOrEqual(timeoutMs - 100);
    expect(ms).toBeLessThan(timeoutMs + 3_000);
  });
});

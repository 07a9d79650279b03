import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { ServiceHttpAdapter } from '../src/common/service-http-adapter.js';
import { bearer, createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Requests Node's HTTP parser refuses before any route runs, sent as raw bytes: each is
// answered with problem details and a status that says why, where Node answers an empty body;
// and requests that never finish arriving, answered 408 once their timeout passes.

describe(ServiceHttpAdapter.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let port: number;
  let auth: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({
      DATABASE_URL: db.url,
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
    });
    await app.listen(0, '127.0.0.1');
    port = ((app.getHttpServer() as Server).address() as AddressInfo).port;
    auth = await bearer(app);
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

  // What Node answers by itself with an empty body, or by closing the connection: a request
  // without the Host HTTP/1.1 requires, a Host that is no host, and CONNECT (a proxy's
  // method). Each is answered in the one error shape instead. The request asks to close the
  // connection and is not half-closed: answers written after a route ran must arrive.
  const ask = (bytes: Buffer) =>
    new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = Buffer.concat(chunks).toString().split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head, body });
      });
    });
  const mcpCall = (host: string) =>
    Buffer.concat([
      lines(
        'POST /mcp HTTP/1.1',
        `Host: ${host}`,
        `Authorization: ${auth}`,
        'Content-Type: application/json',
        'Accept: application/json, text/event-stream',
        'Connection: close',
        'Content-Length: 2',
        '',
      ),
      Buffer.from('{}'),
    ]);

  it.each([
    [
      'an HTTP/1.1 request without Host',
      () => lines('GET /healthz HTTP/1.1', 'Connection: close', ''),
      400,
      'Host',
    ],
    ['a Host holding user information', () => mcpCall('evil.example.com@127.0.0.1'), 400, 'Host'],
    ['a Host that is no host name', () => mcpCall('127.0.0.1%2F'), 400, 'Host'],
    [
      'CONNECT',
      () => lines('CONNECT example.com:443 HTTP/1.1', 'Host: example.com:443', ''),
      405,
      undefined,
    ],
  ])('answers %s with problem details', async (_label, bytes, status, field) => {
    const res = await ask(bytes());
    expect(res.status).toBe(status);
    expect(res.headers).toMatch(/\r\ncontent-type: application\/problem\+json/i);
    const problem = JSON.parse(res.body) as { errors?: { field: string }[] };
    expect(problem).toMatchObject({
      status,
      title: expect.any(String),
      detail: expect.any(String),
    });
    if (field) expect(problem.errors?.map((e) => e.field)).toEqual([field]);
  });

  it('still answers HTTP/1.0 without Host, and a Host with a port', async () => {
    const old = await ask(lines('GET /healthz HTTP/1.0', ''));
    expect(old.status).toBe(200);
    const ported = await ask(
      lines('GET /healthz HTTP/1.1', `Host: [::1]:${port}`, 'Connection: close', ''),
    );
    expect(ported.status).toBe(200);
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

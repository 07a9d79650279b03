import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { answerClientErrors } from '../src/common/http-errors.js';
import { createTestApp } from './support/test-app.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Requests Node's HTTP parser refuses before any route runs, sent as raw bytes: each is
// answered with problem details and a status that says why, where Node answers an empty body.

describe(answerClientErrors.name, () => {
  let db: TestDatabase;
  let app: INestApplication;
  let port: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await createTestApp({ DATABASE_URL: db.url });
    answerClientErrors(app.getHttpServer() as Server);
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
});

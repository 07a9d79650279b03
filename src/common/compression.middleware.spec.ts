import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { compressAnswers } from './compression.middleware.js';

// A real server with the middleware: an event stream must reach the client event by event,
// uncompressed, while JSON of the same size is compressed.

describe('compressAnswers', () => {
  let server: http.Server;
  let port: number;
  const payload = 'x'.repeat(4096);

  beforeAll(async () => {
    const app = express();
    app.use(compressAnswers);
    app.get('/events', (_req, res) => {
      res.setHeader('Content-Type', 'text/event-stream');
      res.write(`data: ${payload}\n\n`);
      // The stream stays open; the test ends it by closing its connection.
    });
    app.get('/json', (_req, res) => void res.json({ payload }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const firstChunk = async (path: string) =>
    await new Promise<{ headers: http.IncomingHttpHeaders; chunk: string }>((resolve, reject) => {
      const req = http.get(
        { port, path, host: '127.0.0.1', headers: { 'Accept-Encoding': 'gzip' } },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            resolve({ headers: res.headers, chunk: chunk.toString('latin1') });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
    });

  it('passes an event stream through at once and uncompressed', async () => {
    const { headers, chunk } = await firstChunk('/events');
    expect(headers['content-encoding']).toBeUndefined();
    expect(chunk.startsWith('data: xxx')).toBe(true);
  });

  it('compresses JSON of the same size', async () => {
    const { headers } = await firstChunk('/json');
    expect(headers['content-encoding']).toBe('gzip');
  });
});

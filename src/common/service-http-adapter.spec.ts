import { describe, expect, it } from '@jest/globals';
import type { Express, Request, Response } from 'express';
import type { Server } from 'node:http';
import request from 'supertest';
import { ServiceHttpAdapter } from './service-http-adapter.js';
import { sentAgain } from './written-json.js';

/** A real Express app behind the adapter, replying with the adapter as Nest does. */
function app() {
  const adapter = new ServiceHttpAdapter();
  const express = adapter.getInstance<Express>();
  const body = { found: true, name: 'Sony WH-1000XM5 – noise cancelling', score: 91.5 };
  const again = sentAgain(structuredClone(body));
  express.get('/plain', (_req: Request, res: Response) => void adapter.reply(res, body, 200));
  express.get('/again', (_req: Request, res: Response) => void adapter.reply(res, again, 200));
  express.get('/typed', (_req: Request, res: Response) => {
    res.set('Content-Type', 'application/vnd.test+json');
    void adapter.reply(res, again, 201);
  });
  return { express, body };
}

const SAME_HEADERS = ['content-type', 'content-length', 'etag'];

describe(ServiceHttpAdapter.name, () => {
  it('sends a body sent again as the bytes, type and ETag Express gives the same body', async () => {
    const { express, body } = app();
    const plain = await request(express).get('/plain').expect(200);
    for (let i = 0; i < 2; i++) {
      const again = await request(express).get('/again').expect(200);
      expect(again.text).toBe(JSON.stringify(body));
      for (const header of SAME_HEADERS) expect(again.headers[header]).toBe(plain.headers[header]);
    }
    expect(plain.headers.etag).toMatch(/^W\//);
  });

  it("computes a body's ETag once, with the app's own generator", async () => {
    const { express } = app();
    let computed = 0;
    express.set('etag', (body: Buffer) => `W/"${body.length}-${++computed}"`);
    const tags = [];
    for (let i = 0; i < 3; i++)
      tags.push((await request(express).get('/again').expect(200)).headers.etag);
    expect(tags).toEqual(Array(3).fill(tags[0]));
    expect(computed).toBe(1);
    await request(express).get('/plain').expect(200);
    expect(computed).toBe(2);
  });

  it('answers 304 to the ETag it sent, and HEAD with the headers alone', async () => {
    const { express } = app();
    const first = await request(express).get('/again').expect(200);
    const etag = String(first.headers.etag);
    const unchanged = await request(express).get('/again').set('If-None-Match', etag).expect(304);
    expect(unchanged.text).toBe('');
    const head = await request(express).head('/again').expect(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
  });

  it('keeps a content type set already, with the status asked', async () => {
    const { express, body } = app();
    const typed = await request(express).get('/typed').expect(201);
    expect(typed.headers['content-type']).toBe('application/vnd.test+json; charset=utf-8');
    expect(JSON.parse(typed.text)).toEqual(body);
  });
});

describe('ServiceHttpAdapter.initHttpServer', () => {
  it("makes each request and response with Express's prototypes, which it then keeps", async () => {
    const { express, body } = app();
    const adapter = new ServiceHttpAdapter(express);
    adapter.initHttpServer({});
    const server = adapter.getHttpServer() as Server;
    const born: boolean[] = [];
    // Before Express sees them: its own Object.setPrototypeOf then changes nothing.
    server.prependListener('request', (req, res) => {
      born.push(Object.getPrototypeOf(req) === express.request);
      born.push(Object.getPrototypeOf(res) === express.response);
    });
    const answer = await request(server).get('/plain').expect(200);
    expect(JSON.parse(answer.text)).toEqual(body);
    expect(born).toEqual([true, true]);
  });
});

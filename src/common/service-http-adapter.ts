import { ExpressAdapter } from '@nestjs/platform-express';
import type { NestApplicationOptions } from '@nestjs/common';
import type { Express, Response } from 'express';
import http from 'node:http';
import type { Socket } from 'node:net';
import { answerClientErrors } from './http-errors.js';
import { writtenOnce } from './written-json.js';

/** Express's ETag generator for a body (its 'etag fn' setting). */
type EtagOf = (body: Buffer, encoding?: BufferEncoding) => string | undefined;

/**
 * How often Node looks for requests that overran their timeouts. Its default, 30 s, would
 * let a slow request hold a connection up to 30 s past its timeout.
 */
const TIMEOUT_CHECK_MS = 1_000;

/**
 * Node's request and response classes, whose objects are born with the prototypes Express
 * gives every request and response (app.request, app.response), so that its
 * Object.setPrototypeOf on each is a no-op. Changed after birth, an object's prototype made V8
 * keep the request's objects past the young generation's collections: a quarter of what a
 * request allocates was promoted and collected by full marking every second or two
 * (bench/RESULTS.md).
 */
function bornForExpress(app: Express): http.ServerOptions {
  function IncomingMessage(this: http.IncomingMessage, socket: Socket) {
    Reflect.apply(http.IncomingMessage, this, [socket]);
  }
  IncomingMessage.prototype = app.request;
  function ServerResponse(this: http.ServerResponse, req: http.IncomingMessage, options: object) {
    Reflect.apply(http.ServerResponse, this, [req, options]);
  }
  ServerResponse.prototype = app.response;
  return {
    IncomingMessage: IncomingMessage as unknown as typeof http.IncomingMessage,
    ServerResponse: ServerResponse as unknown as typeof http.ServerResponse,
  };
}

/**
 * Express with the HTTP server this service needs: request timeouts checked every second
 * (HttpTimeouts sets them from the configuration), and the parser's refusals, a missing Host
 * and CONNECT answered as problem details; a body sent again unchanged sent as the JSON
 * written on its first response (written-json.ts). main.ts and the tests' apps both use it.
 */
export class ServiceHttpAdapter extends ExpressAdapter {
  override initHttpServer(options: NestApplicationOptions): void {
    if (options.httpsOptions || options.forceCloseConnections || options.return503OnClosing) {
      super.initHttpServer(options);
    } else {
      this.httpServer = http.createServer(
        // A request without Host is refused by hostHeaderCheck, in the one error shape:
        // Node's own refusal is an empty 400.
        {
          connectionsCheckingInterval: TIMEOUT_CHECK_MS,
          requireHostHeader: false,
          ...bornForExpress(this.getInstance<Express>()),
        },
        this.getInstance(),
      );
    }
    answerClientErrors(this.httpServer);
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    const json = writtenOnce(body);
    if (json === undefined) return super.reply(response, body, statusCode);
    if (statusCode !== undefined) response.status(statusCode);
    // A type set already is left to Express, which adds its charset to a text body.
    if (response.get('Content-Type')) return response.send(json.text);
    // What response.json() and send() would set for the text: its type (Express adds the
    // charset), and Express's own ETag of its bytes, computed once rather than per response.
    response.set('Content-Type', 'application/json');
    const etagOf: unknown = response.app.get('etag fn');
    if (typeof etagOf === 'function' && !response.get('ETag')) {
      json.etag ??= (etagOf as EtagOf)(json.bytes);
      if (json.etag) response.set('ETag', json.etag);
    }
    return response.send(json.bytes);
  }
}

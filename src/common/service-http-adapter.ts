import { ExpressAdapter } from '@nestjs/platform-express';
import type { NestApplicationOptions } from '@nestjs/common';
import type { Response } from 'express';
import http from 'node:http';
import { answerClientErrors } from './http-errors.js';
import { writtenOnce } from './written-json.js';

/**
 * How often Node looks for requests that overran their timeouts. Its default, 30 s, would
 * let a slow request hold a connection up to 30 s past its timeout.
 */
const TIMEOUT_CHECK_MS = 1_000;

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
        { connectionsCheckingInterval: TIMEOUT_CHECK_MS, requireHostHeader: false },
        this.getInstance(),
      );
    }
    answerClientErrors(this.httpServer);
  }

  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    const json = writtenOnce(body);
    if (json === undefined) return super.reply(response, body, statusCode);
    if (statusCode !== undefined) response.status(statusCode);
    // As response.json() does, which the body would otherwise go through.
    if (!response.get('Content-Type')) response.set('Content-Type', 'application/json');
    return response.send(json);
  }
}

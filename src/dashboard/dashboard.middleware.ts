import { Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { errorPage } from './error.view.js';

/** Dashboard forms are small: a few short fields. */
export const MAX_FORM_BYTES = 8 * 1024;

// A strict policy: nothing but this origin's own stylesheet and script, no inline code,
// no framing, forms only to this origin.
const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'"],
      connectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginEmbedderPolicy: true,
});

const parseForm = express.urlencoded({
  extended: false,
  limit: MAX_FORM_BYTES,
  parameterLimit: 20,
});

/**
 * Security headers on every dashboard response, no caching of pages (a new key must never
 * sit in a cache), and urlencoded form bodies. The API's JSON middleware leaves these
 * bodies alone (it only records that they are not JSON, which the API routes read).
 */
@Injectable()
export class DashboardMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    securityHeaders(req, res, () => {
      if (!req.originalUrl.startsWith('/dashboard/assets/')) res.set('Cache-Control', 'no-store');
      if (req.method !== 'POST' || !req.is('application/x-www-form-urlencoded')) return next();
      parseForm(req, res, (error?: { status?: number }) => {
        if (!error) return next();
        const status = error.status === 413 ? 413 : 400;
        res.status(status).type('html').send(errorPage(status));
      });
    });
  }
}

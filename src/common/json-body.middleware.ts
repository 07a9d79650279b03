import { Injectable, type NestMiddleware } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { isUtf8 } from 'node:buffer';
import { ProblemException, WHOLE_BODY, type ProblemType } from './problem.js';

/** Bodies above this are refused with 413 (docs/decisions.md, Errors). */
export const MAX_BODY_BYTES = 16 * 1024;

// Any JSON value is read (not strict): a body that is JSON of the wrong shape, such as null or
// 42, is the route's to refuse, naming the body, rather than "not valid JSON".
const parseJson = express.json({
  limit: MAX_BODY_BYTES,
  strict: false,
  // A body whose bytes are not UTF-8 is refused (entity.verify.failed), never read with
  // replacement characters.
  verify: (_req, _res, bytes) => {
    if (!isUtf8(bytes)) throw new Error('The body is not UTF-8.');
  },
});

/** Why a body cannot be read: the kind of problem, its detail, what it must be, and which. */
type Unreadable = [type: ProblemType, detail: string, mustBe: string, field?: string];

/** By express.json()'s error type; any other refusal is a body that is not JSON. */
const UNREADABLE: Readonly<Record<string, Unreadable>> = {
  'entity.too.large': [
    'payload-too-large',
    `The body is over ${MAX_BODY_BYTES} bytes.`,
    `must be at most ${MAX_BODY_BYTES} bytes`,
  ],
  'entity.verify.failed': [
    'invalid-encoding',
    'The body is not valid UTF-8.',
    'must be UTF-8 text',
  ],
  // JSON is UTF-8 (RFC 8259): a body declared in another charset, or compressed otherwise
  // than gzip, deflate or br, is not read at all.
  'charset.unsupported': [
    'unsupported-media-type',
    'Send the body as UTF-8 JSON: Content-Type: application/json, with no other charset.',
    'must be application/json in UTF-8',
    'Content-Type',
  ],
  'encoding.unsupported': [
    'unsupported-media-type',
    'Send the body uncompressed, or with Content-Encoding gzip, deflate or br.',
    'must be gzip, deflate, br or none',
    'Content-Encoding',
  ],
};
const NOT_JSON: Unreadable = ['invalid-json', 'The body is not valid JSON.', 'must be valid JSON'];

/** A body refused before any route reads it, naming the body as the routes' validation does. */
function unreadable(errorType: string | undefined): ProblemException {
  const [type, detail, message, field = WHOLE_BODY] = UNREADABLE[errorType ?? ''] ?? NOT_JSON;
  return new ProblemException(type, detail, [{ field, message }]);
}

declare module 'express-serve-static-core' {
  interface Request {
    /** Why the body could not be read, answered after authentication (docs/decisions.md: 401 first). */
    bodyProblem?: ProblemException;
  }
}

/**
 * Reads JSON bodies, but never answers by itself: a body that is too large, not JSON or
 * not declared as JSON is recorded on the request, and the route refuses it after the
 * guards have run, so a request without a valid key gets 401 whatever its body.
 */
@Injectable()
export class JsonBodyMiddleware implements NestMiddleware {
  use(req: Request, res: Response, next: NextFunction): void {
    const bodyMethod = req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH';
    if (!bodyMethod) return next();
    if (!req.is('application/json')) {
      req.bodyProblem = new ProblemException(
        'unsupported-media-type',
        'Send the body as JSON with Content-Type: application/json.',
        [{ field: 'Content-Type', message: 'must be application/json' }],
      );
      return next();
    }
    parseJson(req, res, (error?: { type?: string; status?: number }) => {
      if (error) {
        // What is left of a body that was refused part-way must not be read as the next
        // request on this connection: close it after the answer.
        res.setHeader('Connection', 'close');
        req.bodyProblem = unreadable(error.type);
      }
      next();
    });
  }
}

import compression from 'compression';
import type { Request, Response } from 'express';

/**
 * Compressed answers when the client sends Accept-Encoding (br at quality 4 when offered,
 * else gzip or deflate): a found answer gzips to about a quarter of its size (docs/reference.md
 * gives the figures, which test/docs.e2e-spec.ts measures). Bodies under 1 KB (the default threshold) go as they are. Event streams are never
 * compressed: the middleware would hold their events back until its buffer fills. Express's
 * ETags are weak (W/"…") and computed before compression, so one ETag fits both encodings
 * and If-None-Match still answers 304.
 */
export const compressAnswers = compression({
  filter: (req: Request, res: Response) =>
    !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') &&
    compression.filter(req, res),
});

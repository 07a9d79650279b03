import { HttpException } from '@nestjs/common';

// RFC 9457 problem details: the one error shape of the service (docs/decisions.md, Errors).

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
const TYPE_BASE = 'https://product-intelligence.dev/problems/';

/**
 * Every kind of problem the service answers, with its status and title: the `type` of a body
 * is TYPE_BASE + its key. A new kind of error is added here, and nowhere else.
 */
export const PROBLEM_TYPES = {
  'bad-request': { status: 400, title: 'Bad request' },
  'invalid-request': { status: 400, title: 'Invalid request' },
  'invalid-encoding': { status: 400, title: 'Invalid encoding' },
  'invalid-json': { status: 400, title: 'Invalid JSON' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  'forbidden-origin': { status: 403, title: 'Origin not allowed' },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'request-timeout': { status: 408, title: 'Request timeout' },
  'payload-too-large': { status: 413, title: 'Payload too large' },
  'uri-too-long': { status: 414, title: 'URI too long' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'expectation-failed': { status: 417, title: 'Expectation failed' },
  'rate-limited': { status: 429, title: 'Too many requests' },
  'headers-too-large': { status: 431, title: 'Request header fields too large' },
  'internal-error': { status: 500, title: 'Internal error' },
  'service-unavailable': { status: 503, title: 'Service unavailable' },
  'quota-unavailable': { status: 503, title: 'Service unavailable' },
  'not-ready': { status: 503, title: 'Not ready' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemType = keyof typeof PROBLEM_TYPES;

/** The URI a problem body's `type` holds for a kind of problem. */
export const problemTypeUri = (slug: string): string => TYPE_BASE + slug;

/** The `field` of an error about the request body as a whole (not JSON, not an object…). */
export const WHOLE_BODY = '(body)';
/** The `field` of an error about the request's URL as a whole (too long). */
export const WHOLE_URL = '(url)';

export interface FieldError {
  /** The offending field, e.g. "product_names[2]" or "detail". */
  field: string;
  message: string;
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
  /** This occurrence: `urn:request-id:<X-Request-Id>` (added by the problem filter). */
  instance?: string;
  /** On 429 and 503: seconds to wait before retrying (also sent as Retry-After). */
  retry_after?: number;
}

/** An error answered with a problem body of one of the PROBLEM_TYPES. */
export class ProblemException extends HttpException {
  /** Response headers the problem requires (WWW-Authenticate, Retry-After…). */
  headers: Record<string, string> = {};

  constructor(type: ProblemType, detail: string, errors?: FieldError[]) {
    const { status, title } = PROBLEM_TYPES[type];
    super(
      {
        type: problemTypeUri(type),
        title,
        status,
        detail,
        ...(errors && { errors }),
      } satisfies ProblemBody,
      status,
    );
  }

  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }

  /** Tells the client when to try again, in the Retry-After header and in the body. */
  retryAfter(seconds: number): this {
    const whole = Math.max(1, Math.ceil(seconds));
    this.body.retry_after = whole;
    return this.withHeaders({ 'Retry-After': String(whole) });
  }

  get body(): ProblemBody {
    return this.getResponse() as ProblemBody;
  }
}

export const invalidRequest = (detail: string, errors: FieldError[]) =>
  new ProblemException('invalid-request', detail, errors);

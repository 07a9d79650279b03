import { HttpException } from '@nestjs/common';

// RFC 9457 problem details: the one error shape of the service (docs/decisions.md, Errors).

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
const TYPE_BASE = 'https://product-intelligence.dev/problems/';

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

/** An error answered with a problem body of the given type (a slug under TYPE_BASE). */
export class ProblemException extends HttpException {
  /** Response headers the problem requires (WWW-Authenticate, Retry-After…). */
  headers: Record<string, string> = {};

  constructor(status: number, slug: string, title: string, detail: string, errors?: FieldError[]) {
    super(
      {
        type: TYPE_BASE + slug,
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
  new ProblemException(400, 'invalid-request', 'Invalid request', detail, errors);

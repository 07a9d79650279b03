// The pieces of the OpenAPI document's operations that every authenticated one shares: schema
// references, problem answers, the RateLimit headers.

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

export const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: ref('Problem') } },
});

export const unauthorized = {
  description: 'Missing, malformed, unknown, revoked or expired API key.',
  headers: {
    'WWW-Authenticate': {
      schema: { type: 'string' },
      description: 'Bearer, with error="invalid_token" when a key was sent',
    },
  },
  content: { 'application/problem+json': { schema: ref('Problem') } },
};

/** The IETF RateLimit fields every authenticated lookup response carries. */
const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': {
    schema: { type: 'string' },
    description: 'The budget: `"lookups";q=<limit>;w=<window seconds>`',
  },
  RateLimit: {
    schema: { type: 'string' },
    description: 'The budget now: `"lookups";r=<remaining>;t=<seconds until budget frees>`',
  },
};

export const withRateLimit = <T extends object>(response: T) => ({
  ...response,
  headers: {
    ...RATE_LIMIT_HEADERS,
    ...('headers' in response ? (response.headers as object) : {}),
  },
});

const RETRY_AFTER = {
  'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before retrying' },
};

export const throttled = withRateLimit({
  ...problem(
    'The key has not enough budget left for this request (a batch of N needs N); nothing was charged. The body and Retry-After say when to retry.',
  ),
  headers: RETRY_AFTER,
});

export const unavailable = {
  ...problem('The rate budget cannot be checked right now, so no lookup is served.'),
  headers: RETRY_AFTER,
};

import { z } from 'zod';

// The error body of every operation, for the OpenAPI document (src/common/problem.ts makes them).

export const problemSchema = z
  .object({
    type: z.string().describe('A URI naming the kind of problem'),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string().describe('What went wrong, for people'),
    errors: z
      .array(z.object({ field: z.string(), message: z.string() }))
      .optional()
      .describe('On validation failures: each offending field and why'),
    retry_after: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('On 429 and 503: seconds to wait before retrying (also the Retry-After header)'),
  })
  .meta({
    id: 'Problem',
    description: 'RFC 9457 problem details (Content-Type: application/problem+json).',
  });

import type { z } from 'zod';
import { asIsCheck } from './as-is-check.js';
import {
  catalogLineSchema,
  duplicateSources,
  READ_OPTIONS,
  type CatalogLine,
} from './catalog-line.schema.js';

// zod's parse was the largest part of a catalog line's validation (bench/RESULTS.md), and most
// lines of an import are valid. So a line is first checked by ajv (as-is-check.ts), and parsed
// by zod only when that check fails: every problem is still said in zod's words, and a line the
// check passes is one zod accepts and returns unchanged.

/** Compiled on first use: a tenth of a second that commands which read no catalog never pay. */
let lineCheckOnce: ReturnType<typeof asIsCheck> | undefined;
const lineCheck = (json: unknown) => (lineCheckOnce ??= asIsCheck(catalogLineSchema))(json);
// The line's one refinement, which the check leaves to its caller.
if (catalogLineSchema._zod.def.checks?.length !== 1)
  throw new Error('catalogLineSchema has a refinement parseCatalogLine does not check');

/** Whether zod would accept `json` as a catalog line and return it unchanged. */
export function acceptedAsIs(json: unknown): json is CatalogLine {
  return lineCheck(json) && duplicateSources((json as CatalogLine).reviews ?? []).length === 0;
}

/** catalogLineSchema.safeParse, without zod's parse of a line it would return unchanged. */
export function parseCatalogLine(json: unknown): z.ZodSafeParseResult<CatalogLine> {
  if (acceptedAsIs(json)) return { success: true, data: json };
  return catalogLineSchema.safeParse(json, READ_OPTIONS);
}

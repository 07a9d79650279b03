import { stat } from 'node:fs/promises';
import type { z } from 'zod';
import { catalogLineSchema } from './catalog-line.schema.js';
import type { CatalogStaging } from './catalog-staging.js';
import { readLines } from './line-reader.js';

/** One problem of one line: its number, the offending field (if any) and why. */
export interface LineProblem {
  line: number;
  field?: string;
  message: string;
}

export interface CatalogCounts {
  products: number;
  reviews: number;
  offers: number;
}

export interface ValidationResult {
  counts: CatalogCounts;
  problems: LineProblem[];
  badLines: number;
}

export type ValidationProgress = (bytesRead: number, totalBytes: number) => void;

/** Problems beyond this many are counted, not kept. */
export const MAX_REPORTED_PROBLEMS = 1000;

/** "reviews[0].source_type" from a zod issue path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : (i > 0 ? '.' : '') + String(key)))
    .join('');
}

function problemsOf(line: number, error: z.ZodError): LineProblem[] {
  return error.issues.map((issue) => {
    // An unknown key is reported on the object holding it; name the key itself.
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const path = keys.length === 1 ? [...issue.path, keys[0] as string] : issue.path;
    return { line, ...(path.length > 0 && { field: fieldPath(path) }), message: issue.message };
  });
}

/**
 * Validates every line of a catalog file. While no line has failed, valid lines are
 * also written to `staging`, so a valid file is parsed exactly once.
 */
export async function validateCatalogFile(
  file: string,
  staging?: CatalogStaging,
  onProgress?: ValidationProgress,
): Promise<ValidationResult> {
  const totalBytes = await stat(file).then(
    (s) => s.size,
    (error: NodeJS.ErrnoException) => {
      throw new Error(`cannot read ${file} (${error.code ?? error.message})`);
    },
  );
  const counts: CatalogCounts = { products: 0, reviews: 0, offers: 0 };
  const problems: LineProblem[] = [];
  const firstLineOfId = new Map<string, number>();
  let badLines = 0;

  const report = (found: LineProblem[]) => {
    badLines += 1;
    problems.push(...found.slice(0, Math.max(0, MAX_REPORTED_PROBLEMS - problems.length)));
  };

  let lastReported = 0;
  for await (const line of readLines(file)) {
    if (onProgress && line.bytesRead - lastReported >= 4 * 1024 * 1024) {
      onProgress(line.bytesRead, totalBytes);
      lastReported = line.bytesRead;
    }
    if ('error' in line) {
      report([{ line: line.number, message: line.error }]);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(line.text);
    } catch (error) {
      report([{ line: line.number, message: `not valid JSON (${(error as Error).message})` }]);
      continue;
    }
    const parsed = catalogLineSchema.safeParse(json);
    if (!parsed.success) {
      report(problemsOf(line.number, parsed.error));
      continue;
    }
    const product = parsed.data;
    const first = firstLineOfId.get(product.id);
    if (first !== undefined) {
      report([
        {
          line: line.number,
          field: 'id',
          message: `duplicate id "${product.id}" (first on line ${first})`,
        },
      ]);
      continue;
    }
    firstLineOfId.set(product.id, line.number);
    counts.products += 1;
    counts.reviews += product.reviews?.length ?? 0;
    counts.offers += product.offers?.length ?? 0;
    if (badLines === 0) await staging?.add(product);
  }
  onProgress?.(totalBytes, totalBytes);
  return { counts, problems, badLines };
}

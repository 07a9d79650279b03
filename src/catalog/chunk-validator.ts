import type { z } from 'zod';
import { issueFields } from '../common/zod-issues.js';
import { IdHashSet, hashId, type IdHashTable } from './id-hash-set.js';
import { parseCatalogLine } from './catalog-line.parse.js';
import { StagingWriter } from './catalog-staging.js';
import { readLines, type ByteRange } from './line-reader.js';
import { deeperThan, TOO_DEEP } from './json-depth.js';

/** One problem of one line: its number, the offending field (if any) and why. */
export interface LineProblem {
  line: number;
  /** Where to look in a file that was converted to JSON Lines ("products.csv row 12"). */
  at?: string;
  /** For a duplicate: the line of the first. */
  first?: number;
  field?: string;
  message: string;
}

export interface CatalogCounts {
  products: number;
  reviews: number;
  offers: number;
}

export interface ChunkTask {
  file: string;
  range: ByteRange;
  chunk: number;
  /** Where to write the chunk's COPY files; none to validate only. */
  stagingDir?: string;
  maxProblems: number;
}

/** What one chunk found. Line numbers count from 1 within the chunk. */
export interface ChunkResult {
  counts: CatalogCounts;
  problems: LineProblem[];
  badLines: number;
  /** Lines in the chunk, blank ones included. */
  lines: number;
  ids: IdHashTable;
  /** Pairs of lines whose ids hash alike: duplicates unless the ids differ. */
  suspects: [number, number][];
}

const PROGRESS_EVERY = 4 * 1024 * 1024;

/** Problems of one line (a row, an item) beyond this many are counted, not listed. */
export const MAX_LINE_PROBLEMS = 10;

/** A line's problems, every one up to MAX_LINE_PROBLEMS, then one that counts the rest. */
export function lineProblems(problems: LineProblem[]): LineProblem[] {
  if (problems.length <= MAX_LINE_PROBLEMS) return problems;
  const [{ line, at }] = problems as [LineProblem];
  return [
    ...problems.slice(0, MAX_LINE_PROBLEMS),
    {
      line,
      ...(at !== undefined && { at }),
      message: `and ${problems.length - MAX_LINE_PROBLEMS} more problems (the first ${MAX_LINE_PROBLEMS} are listed)`,
    },
  ];
}

/** Every problem zod found in a line, in its words (lineProblems bounds them). */
export function issuesOf(line: number, error: z.ZodError): LineProblem[] {
  return issueFields(error).map(({ field, message }) => ({
    line,
    ...(field && { field }),
    message,
  }));
}

/**
 * Validates every line of one chunk of a catalog file and, while the chunk has no bad
 * line, writes its COPY rows, so each line is parsed exactly once.
 */
export async function validateChunk(
  task: ChunkTask,
  onBytes?: (bytes: number) => void,
): Promise<ChunkResult> {
  const staging =
    task.stagingDir === undefined ? undefined : new StagingWriter(task.stagingDir, task.chunk);
  const counts: CatalogCounts = { products: 0, reviews: 0, offers: 0 };
  const problems: LineProblem[] = [];
  const ids = new IdHashSet(64 * 1024);
  const suspects: [number, number][] = [];
  let badLines = 0;
  let lines = 0;
  let bytesRead = 0;
  let reported = 0;

  const report = (found: LineProblem[]) => {
    badLines += 1;
    problems.push(...found.slice(0, Math.max(0, task.maxProblems - problems.length)));
  };

  for await (const line of readLines(task.file, task.range)) {
    lines = line.number;
    bytesRead = line.bytesRead;
    if (bytesRead - reported >= PROGRESS_EVERY) {
      onBytes?.(line.bytesRead - reported);
      reported = line.bytesRead;
    }
    if ('error' in line) {
      report([{ line: line.number, message: line.error }]);
      continue;
    }
    if (line.text.trim() === '') continue;
    let json: unknown;
    try {
      json = JSON.parse(line.text);
    } catch (error) {
      report([{ line: line.number, message: `not valid JSON (${(error as Error).message})` }]);
      continue;
    }
    const parsed = parseCatalogLine(json);
    if (!parsed.success) {
      // A valid line is shallow: only a refused one can be too deep to say more of.
      if (deeperThan(json)) report([{ line: line.number, message: TOO_DEEP }]);
      else report(lineProblems(issuesOf(line.number, parsed.error)));
      continue;
    }
    const product = parsed.data;
    const earlier = ids.addOrGet(...hashId(product.id), line.number);
    if (earlier !== 0) suspects.push([earlier, line.number]);
    counts.products += 1;
    counts.reviews += product.reviews?.length ?? 0;
    counts.offers += product.offers?.length ?? 0;
    if (badLines === 0) await staging?.add(product);
  }
  await staging?.close();
  onBytes?.(bytesRead - reported);
  return { counts, problems, badLines, lines, ids: ids.tables, suspects };
}

import { readFile, writeFile } from 'node:fs/promises';
import type { ResolvedQuery } from './evaluate.js';

// Every answer of a bench:resolution run, to say whether a change of code changed any (issue
// 53: "same answers, line for line"): `--answers FILE` writes them, `--compare FILE` counts
// and lists what differs from an earlier run. A lookup of a half never read is kept without
// its query and only counted, never listed.

/** One lookup's answer: the product found or null, the suggestions offered, the confidence. */
interface Answer {
  readonly query?: string;
  readonly found: string | null;
  readonly suggested: readonly string[];
  readonly confidence: number;
}

/** Per set title, its answers in query order. */
export type Answers = Record<string, Answer[]>;

export function answersOf(
  results: readonly ResolvedQuery[],
  unread: (query: string) => boolean = () => false,
): Answer[] {
  return results.map(({ labelled, outcome, error }) => ({
    ...(!unread(labelled.query) && { query: labelled.query }),
    found: outcome?.found ? (outcome.productId ?? null) : null,
    suggested: outcome?.candidates.map((c) => c.productId) ?? [error ?? 'error'],
    confidence: outcome?.confidence ?? 0,
  }));
}

export const writeAnswers = (file: string, answers: Answers) =>
  writeFile(file, JSON.stringify(answers) + '\n');

/** How many to list of each set's differences (the rest are counted). */
const LISTED = 10;

/** What differs between an earlier run's answers (`file`) and these, as text. */
export async function compareAnswers(file: string, answers: Answers): Promise<string> {
  const before = JSON.parse(await readFile(file, 'utf8')) as Answers;
  const lines: string[] = [];
  for (const [title, now] of Object.entries(answers)) {
    const then = before[title];
    if (then === undefined || then.length !== now.length) {
      lines.push(`${title}: not in ${file} with the same queries, not compared`);
      continue;
    }
    const differ = { found: 0, suggested: 0, confidence: 0 };
    const listed: string[] = [];
    let unlisted = 0;
    now.forEach((a, i) => {
      const b = then[i]!;
      const found = a.found !== b.found;
      const suggested = a.suggested.join() !== b.suggested.join();
      const confidence = a.confidence !== b.confidence;
      if (!(found || suggested || confidence)) return;
      if (found) differ.found++;
      else if (suggested) differ.suggested++;
      else differ.confidence++;
      if (a.query === undefined || listed.length >= LISTED) unlisted++;
      else
        listed.push(
          `  ${a.query}: found ${b.found ?? '-'} -> ${a.found ?? '-'}, ` +
            `suggested ${b.suggested.join(' ') || '-'} -> ${a.suggested.join(' ') || '-'}, ` +
            `confidence ${b.confidence} -> ${a.confidence}`,
        );
    });
    lines.push(
      `${title}: ${differ.found} found differently, ${differ.suggested} other suggestions, ` +
        `${differ.confidence} another confidence only (of ${now.length})`,
      ...listed,
      ...(unlisted > 0 ? [`  and ${unlisted} more not listed (or of the half never read)`] : []),
    );
  }
  return lines.join('\n');
}

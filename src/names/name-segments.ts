import type { Token } from './name-tokens.js';

// Spacing never matters, even between letters: "DSCWX 350" is "DSC-WX350", "SharpMX-2614N" is
// Sharp "MX-2614N" and "keyboardk-200" is "Keyboard K200". Tokens split letters from digits,
// so only runs of letters written together or apart need matching up: a query's run of
// letters that is several adjacent runs of the candidate (its brand first, then its name) is
// read as those runs, and adjacent runs of the query that make one run of the candidate are
// read as that run. Digits are never joined or split: "3 4" is not "34".

const isLetters = (token: Token | undefined) =>
  token !== undefined && token.kind !== 'number' && token.kind !== 'unit-number';

/** The candidate's adjacent letter runs, from `start`, that spell `text`, if any do. */
function spelling(text: string, candidate: readonly Token[], start: number): Token[] | undefined {
  const parts: Token[] = [];
  let rest = text;
  for (let i = start; i < candidate.length && isLetters(candidate[i]); i++) {
    const part = candidate[i]!;
    if (!rest.startsWith(part.text)) return undefined;
    parts.push(part);
    rest = rest.slice(part.text.length);
    if (rest === '') return parts.length > 1 ? parts : undefined;
  }
  return undefined;
}

/** How many of the query's letter runs from `start` (two or three) spell `text`, or 0. */
function runsSpelling(text: string, query: readonly Token[], start: number): number {
  let joined = query[start]!.text;
  for (let n = 2; n <= 3 && isLetters(query[start + n - 1]); n++) {
    joined += query[start + n - 1]!.text;
    if (joined === text) return n;
    if (!text.startsWith(joined)) return 0;
  }
  return 0;
}

/** The first adjacent letter runs of the candidate that spell `text`, if any do. */
function firstSpelling(text: string, candidate: readonly Token[]): Token[] | undefined {
  for (let start = 0; start < candidate.length; start++) {
    const parts = spelling(text, candidate, start);
    if (parts) return parts;
  }
  return undefined;
}

/** A run of the candidate that the query's letter runs from `start` spell, and how many. */
function joinedRuns(query: readonly Token[], start: number, candidate: readonly Token[]) {
  for (const token of candidate) {
    if (!isLetters(token) || !token.text.startsWith(query[start]!.text)) continue;
    const runs = runsSpelling(token.text, query, start);
    if (runs > 0) return { token, runs };
  }
  return undefined;
}

/**
 * The query's tokens with its letter runs split or joined as the candidate writes them, or
 * the same array when nothing needs it. Runs the candidate has as written are left alone.
 */
export function alignLetterRuns(query: Token[], candidate: readonly Token[]): Token[] {
  const written = (token: Token) => candidate.some((t) => t.text === token.text);
  if (query.every((t) => !isLetters(t) || written(t))) return query;
  const texts = new Set(candidate.map((t) => t.text));
  const aligned: Token[] = [];
  for (let i = 0; i < query.length; i++) {
    const token = query[i]!;
    if (!isLetters(token) || texts.has(token.text)) {
      aligned.push(token);
      continue;
    }
    // ...but not into a run the query writes next to it once more: "miniCardd D2301" is a
    // typo of "miniCard", not "miniCard D" and another D.
    const split = firstSpelling(token.text, candidate);
    if (
      split &&
      split.at(-1)!.text !== query[i + 1]?.text &&
      split[0]!.text !== query[i - 1]?.text
    ) {
      aligned.push(...split);
      continue;
    }
    const joined = joinedRuns(query, i, candidate);
    if (joined) {
      aligned.push(joined.token);
      i += joined.runs - 1;
      continue;
    }
    aligned.push(token);
  }
  return aligned;
}

/** Brands this short may be written as the words they are the initials of. */
const INITIALS = /^\p{L}{2,4}$/u;
const MAX_INITIALS = 4;
const MIN_INITIALLED_WORD = 3;

/**
 * The query with words whose initials spell the candidate's brand read as the brand, as
 * makers write their full names: "Hewlett-Packard" is HP, "Advanced Micro Devices" AMD. Only
 * for a brand of two to four letters, and words of three letters or more that are not the
 * candidate's: "LG Gram" keeps its Gram.
 */
export function readInitials(query: Token[], brand: string, candidate: readonly Token[]): Token[] {
  if (brand.length > MAX_INITIALS || !INITIALS.test(brand)) return query;
  const n = brand.length;
  const initial = (t: Token, k: number) =>
    t.text[0] === brand[k] &&
    t.kind === 'word' &&
    t.text.length >= MIN_INITIALLED_WORD &&
    !candidate.some((c) => c.text === t.text);
  runs: for (let i = 0; i + n <= query.length; i++) {
    for (let k = 0; k < n; k++) if (!initial(query[i + k]!, k)) continue runs;
    return [...query.slice(0, i), { text: brand, kind: 'word' }, ...query.slice(i + n)];
  }
  return query;
}

import { hasLetters, tokenOf, type Token } from './name-tokens.js';

// Spacing never matters, even between letters ("DSCWX 350" is "DSC-WX350"): runs of letters are
// split or joined as the candidate writes them; digits never are ("3 4" is not "34").

/**
 * The first adjacent letter runs of the candidate, two or more, that spell the query's run `at`;
 * not into a run the query writes next to it ("miniCardd D2301" is no "miniCard D" and a D).
 */
function firstSpelling(query: readonly Token[], at: number, candidate: readonly Token[]) {
  for (let start = 0; start < candidate.length; start++) {
    const parts: Token[] = [];
    let rest = query[at]!.text;
    for (let i = start; rest !== '' && i < candidate.length && hasLetters(candidate[i]); i++) {
      if (!rest.startsWith(candidate[i]!.text)) break;
      parts.push(candidate[i]!);
      rest = rest.slice(candidate[i]!.text.length);
    }
    if (rest !== '' || parts.length < 2) continue;
    const repeated =
      parts.at(-1)!.text === query[at + 1]?.text || parts[0]!.text === query[at - 1]?.text;
    return repeated ? undefined : parts;
  }
  return undefined;
}

/** A run of the candidate that two or three of the query's letter runs from `start` spell. */
function joinedRuns(query: readonly Token[], start: number, candidate: readonly Token[]) {
  const first = query[start]!.text;
  for (const token of candidate) {
    if (!hasLetters(token) || !token.text.startsWith(first)) continue;
    let joined = first;
    for (let n = 2; n <= 3 && hasLetters(query[start + n - 1]); n++) {
      if (!token.text.startsWith(joined)) break;
      joined += query[start + n - 1]!.text;
      if (joined === token.text) return { token, runs: n };
    }
  }
  return undefined;
}

/** The query's letter runs split or joined as the candidate writes them (`query` if none). */
export function alignLetterRuns(query: Token[], candidate: readonly Token[]): Token[] {
  const texts = new Set(candidate.map((t) => t.text));
  let aligned: Token[] | undefined;
  for (let i = 0; i < query.length; i++) {
    const token = query[i]!;
    const unwritten = hasLetters(token) && !texts.has(token.text);
    const split = unwritten ? firstSpelling(query, i, candidate) : undefined;
    const joined = unwritten && !split ? joinedRuns(query, i, candidate) : undefined;
    if (split) (aligned ??= query.slice(0, i)).push(...split);
    else if (joined) {
      (aligned ??= query.slice(0, i)).push(joined.token);
      i += joined.runs - 1;
    } else aligned?.push(token);
  }
  return aligned ?? query;
}

/** Brands this short may be written as the words they are the initials of. */
const INITIALS = /^\p{L}{2,4}$/u;
const MIN_INITIALLED_WORD = 3;

/** The query with words spelling a short brand's initials read as it ("Advanced Micro Devices"). */
export function readInitials(query: Token[], brand: string, candidate: readonly Token[]): Token[] {
  if (!INITIALS.test(brand)) return query;
  const n = brand.length;
  const initial = (t: Token, k: number) =>
    t.text[0] === brand[k] &&
    t.kind === 'word' &&
    t.text.length >= MIN_INITIALLED_WORD &&
    !candidate.some((c) => c.text === t.text);
  for (let i = 0; i + n <= query.length; i++)
    if (query.slice(i, i + n).every(initial))
      return [...query.slice(0, i), tokenOf(brand, 'word'), ...query.slice(i + n)];
  return query;
}

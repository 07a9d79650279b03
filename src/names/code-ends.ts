const DIGIT = /\p{N}/u;

// The letters a code goes on with after its digits: part of the code (title-reading.ts, and
// soft-score.ts, which never reads them as a misspelt word).

/**
 * The letters a code written as one chunk goes on with after its digits, hyphen joined
 * ("BLKS" of "V7N3C5E-03F-BLKS"); not a word after a slash ("E100 v2/Lplayer").
 */
export function codeEnds(written: readonly { chunk: string; words: readonly string[] }[]) {
  const ends = new Set<string>();
  for (const { chunk, words } of written) {
    const text = chunk.toLowerCase();
    const first = words.findIndex((w) => DIGIT.test(w));
    for (let j = first + 1; first >= 0 && j < words.length; j++)
      if (!DIGIT.test(words[j]!) && text.includes(`${words[j - 1]}-${words[j]}`))
        ends.add(words[j]!);
  }
  return ends;
}

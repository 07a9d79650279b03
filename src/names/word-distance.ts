/**
 * Optimal string alignment distance (Levenshtein with adjacent transpositions), stopping
 * early once it exceeds `limit`: "samsnug" is one edit from "samsung".
 */
export function wordDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Three rows of the matrix (two back for transpositions), reused from call to call.
  const width = b.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(6 * width);
  let previous2 = 0;
  let previous = width;
  let current = 2 * width;
  for (let j = 0; j < width; j++) rows[previous + j] = j;
  for (let i = 1; i <= a.length; i++) {
    rows[current] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(
        rows[previous + j]! + 1,
        rows[current + j - 1]! + 1,
        rows[previous + j - 1]! + cost,
      );
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, rows[previous2 + j - 2]! + 1);
      }
      rows[current + j] = value;
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    [previous2, previous, current] = [previous, current, previous2];
  }
  return rows[previous + b.length]!;
}

let rows = new Int32Array(3 * 64);

/**
 * How many typos may lie between two words of these lengths for one to be read as the other:
 * none when either has three letters or fewer, where one slip makes another plausible word or
 * code ("eoss" is not "eos"); one from four letters ("epsn" is "epson", "sonny" is "sony");
 * two when either has nine or more, so that a letter left out counts as one of the two
 * ("prfecton" is "perfection").
 */
export function typoAllowance(length: number, otherLength: number): number {
  if (Math.min(length, otherLength) < 4) return 0;
  return Math.max(length, otherLength) >= 9 ? 2 : 1;
}

// A catalog line is at most 4 levels deep (a product, its reviews, a review, its pros), and
// JSON.parse reads far deeper than any recursive code after it can go (JSON.stringify, zod's
// messages): a line or cell deeper than this is said to be that, before anything recurses.

/** Levels of arrays and objects a line may nest (a valid one has at most 4). */
export const MAX_JSON_DEPTH = 16;

export const TOO_DEEP = `nested deeper than ${MAX_JSON_DEPTH} levels: a catalog line has at most 4`;

/** Whether `value` nests arrays and objects deeper than `max`, walked without recursion. */
export function deeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [next, depth] = stack.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(next)) stack.push([child, depth + 1]);
  }
  return false;
}

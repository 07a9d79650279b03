/** What an element of an array literal may be: text that needs no escaping, or a number. */
export type LiteralElement = string | number | boolean;

/**
 * A PostgreSQL array literal, byte for byte what pg sends for the same array (every element
 * quoted), for elements that hold no `"` or `\`: normalised names' words (letters and digits
 * only, name-normaliser.ts), catalog ids, numbers and booleans. pg escapes each element with
 * two regular expressions and builds the literal one piece at a time, about 18 KB of garbage
 * for a lookup's arrays; this is one join.
 */
export function arrayLiteral(items: readonly LiteralElement[]): string {
  return items.length === 0 ? '{}' : `{"${items.join('","')}"}`;
}

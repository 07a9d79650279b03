// Barcodes (GTIN-8, -12, -13, -14), compared and stored left-padded with zeros to 14 digits.

/** The GS1 check digit of the digits before it: weights 3 and 1 alternating from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight)
    sum += Number(body[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

/** Why `digits` is not a GTIN, or undefined when it is one. */
export function gtinProblem(digits: string): string | undefined {
  if (!/^\d+$/.test(digits)) return `"${digits}" is not a GTIN: digits only`;
  if (![8, 12, 13, 14].includes(digits.length))
    return `"${digits}" has ${digits.length} digits: a GTIN has 8, 12, 13 or 14`;
  const expected = gtinCheckDigit(digits.slice(0, -1));
  if (Number(digits.at(-1)) !== expected)
    return `"${digits}" ends in ${digits.at(-1)}, but its check digit is ${expected}`;
  return undefined;
}

/** The 14-digit form of a valid GTIN. */
export const gtin14 = (digits: string) => digits.padStart(14, '0');
/** The 14-digit key of digits that are a valid GTIN, or none. */
const keyOf = (digits: string) => (gtinProblem(digits) === undefined ? gtin14(digits) : undefined);

/** The 14-digit key of a lookup that is a valid barcode alone (`5 012345 678900`), or none. */
export function gtinOfQuery(query: string): string | undefined {
  const trimmed = query.trim();
  return /^\d+(?:[ -]\d+)*$/.test(trimmed) ? keyOf(trimmed.replace(/[ -]/g, '')) : undefined;
}

const WRITTEN_GTIN = /(?<![\p{L}\p{N}])[0-9]{12,14}(?![\p{L}\p{N}])/gu;

/** A name's valid barcodes of 12 to 14 digits alone, as keys (8 are often a part number). */
export const gtinsInName = (name: string): string[] => [
  ...new Set([...name.matchAll(WRITTEN_GTIN)].flatMap(([digits]) => keyOf(digits) ?? [])),
];

/** The name without the barcodes of `keys` it writes: identifiers, not numbers it must state. */
export const withoutBarcodes = (name: string, keys: readonly string[]): string =>
  name.replace(WRITTEN_GTIN, (digits) => (keys.includes(keyOf(digits) ?? '') ? ' ' : digits));

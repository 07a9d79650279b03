import fc from 'fast-check';

// Mutations of valid catalog lines, for the tests of parseCatalogLine: values at the edges of
// what catalogLineSchema accepts, keys it does not know, lists at their limits. A value is JSON
// text, so that what JSON.parse alone makes is reached too (-0, 1e400 as Infinity, an own
// "__proto__" key).

const strings = [
  ...['', ' ', 'a', 'é', '😀', '\ud800', '\udc00', 'x\ud800', '\u0000', '\t', 'a\nb', '\u007f'],
  ...['\u0085', '\u00a0', '\u2028', '\ufeff', 'a ', ' a', '#', 'lab_test', 'blog', 'speed'],
  ...['__proto__', 'constructor', 'WH1000XM5/B', 'sony-wh-1000xm5', 'Sony', 'A-b'],
  // URLs: zod's url check with http(s) and a domain, which trims and drops tabs and newlines.
  ...['https://a.example/x', 'http://a.example', ' https://a.example/x', 'https://a.example/x '],
  ...['https://a.example/x\n', 'https://exa\tmple.com/', 'HTTPS://A.EXAMPLE/', 'https:a.example'],
  ...['https://localhost/', 'https://a..example/', 'https://1.2.3.4/', 'https://[::1]/'],
  ...['ftp://a.example/', 'https://u:p@a.example:8080/p?q=1#f', 'https://ä.example/', '//a.ex'],
  ...['https://xn--4ca.example/', 'https://a.example/\u0000', '\u0001https://a.example/'],
  // Dates: ISO 8601 with seconds and Z or an offset.
  ...['2024-02-29T00:00:00Z', '2023-02-29T00:00:00Z', '2026-11-01T10:00:00+05:30', '2026-11-01'],
  ...['2026-11-01T10:00:00.123456789Z', '2026-11-01T10:00Z', '2026-11-01t10:00:00z'],
  ...['2026-11-01T24:00:00Z', '2026-11-01T10:00:60Z', '2026-11-01T10:00:00+24:00'],
  ...['2026-11-01 10:00:00Z', '2026-11-01T10:00:00-00:00', ' 2026-11-01T10:00:00Z'],
  // GTINs: check digits right and wrong, lengths, digits that are not ASCII.
  ...['2000001000014', '2000001000015', '96385074', '96385075', '036000291452', '00036000291452'],
  ...['0000000000000', '12345678901', '123456789012345', '١٢٣٤٥٦٧٨', '2000001000014 '],
].map((s) => JSON.stringify(s));

const numbers = [
  ...['0', '-0', '1', '84.2', '100', '100.0', '1e2', '100.00000000000001', '100.0000000001'],
  ...['-1', '-1e-400', '1e-400', '5e-324', '1e400', '-1e400', '10000000', '1e7', '10000000.000001'],
  ...['0.000001', '9007199254740993', '1E+2'],
];

const others = ['null', 'true', 'false', '[]', '{}', '[1]', '["a"]', '{"speed":1}'];
others.push('{"__proto__":1}', '{"speed":1,"__proto__":5}', '{"speed":101}', '{"vibes":1}');

const keys = ['colour', '', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'speed'];
keys.push('mpn', 'gtin', 'aliases', 'url', 'reviewed_at', 'criteria', 'pros', 'cons', 'source');

/** Lengths at the schema's limits: strings of 70, 120, 200 and 2000, lists of 10, 20, 50, 100. */
const textLengths = [0, 1, 2, 69, 70, 71, 119, 120, 121, 199, 200, 201, 1999, 2000, 2001];
const listLengths = [0, 1, 9, 10, 11, 19, 20, 21, 49, 50, 51, 99, 100, 101];

const json = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...strings) },
  { weight: 3, arbitrary: fc.constantFrom(...numbers) },
  { weight: 2, arbitrary: fc.constantFrom(...others) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }).map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)) },
);

export const mutation = fc.record({
  /** Which value of the line (in a walk of it), taken modulo their number. */
  at: fc.nat(),
  op: fc.oneof(
    fc.record({ kind: fc.constant('set' as const), value: json }),
    fc.record({ kind: fc.constant('delete' as const) }),
    fc.record({ kind: fc.constant('add' as const), key: fc.constantFrom(...keys), value: json }),
    fc.record({ kind: fc.constant('copy' as const) }),
    fc.record({ kind: fc.constant('fill' as const), length: fc.constantFrom(...listLengths) }),
    fc.record({
      kind: fc.constant('resize' as const),
      length: fc.constantFrom(...textLengths),
      unit: fc.constantFrom('a', '😀', 'é', ' ', '-'),
    }),
    fc.record({
      kind: fc.constant('affix' as const),
      text: fc.constantFrom(' ', '\t', '\n', '\u0000', '😀', '\ud800', 'X', '/', '0'),
      before: fc.boolean(),
    }),
  ),
});
export type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/** Every [container, key] of a parsed line, the root first (its key undefined). */
function slots(root: Container): [Container, string | number | undefined][] {
  const found: [Container, string | number | undefined][] = [[root, undefined]];
  const walk = (container: Container) => {
    for (const [key, value] of Object.entries(container)) {
      found.push([container, Array.isArray(container) ? Number(key) : key]);
      if (isContainer(value)) walk(value);
    }
  };
  walk(root);
  return found;
}

/** An own property, "__proto__" included, where JSON.parse would put it. */
const put = (container: Container, key: string | number, value: unknown) =>
  Object.defineProperty(container, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });

/** The JSON text of `line` with `edits` applied; raw values are spliced in as text. */
export function mutated(line: string, edits: readonly Mutation[]): string {
  const root = JSON.parse(line) as Container;
  const raw: string[] = [];
  const rawValue = (text: string) => `\u0002${raw.push(text) - 1}\u0002`;
  for (const { at, op } of edits) {
    const all = slots(root);
    const [container, key] = all[at % all.length]!;
    const value: unknown =
      key === undefined ? container : (container as Record<string, unknown>)[key];
    if (op.kind === 'add' && isContainer(value) && !Array.isArray(value)) {
      put(value, op.key, rawValue(op.value));
    } else if (key === undefined) {
      continue;
    } else if (op.kind === 'set') {
      put(container, key, rawValue(op.value));
    } else if (op.kind === 'delete') {
      if (Array.isArray(container)) container.splice(Number(key), 1);
      else delete container[key];
    } else if (op.kind === 'copy' && Array.isArray(container)) {
      container.push(structuredClone(value));
    } else if (op.kind === 'fill' && Array.isArray(container)) {
      while (container.length < op.length) container.push(structuredClone(value));
      container.length = op.length;
    } else if (op.kind === 'resize' && typeof value === 'string') {
      // To `length` code points: cut, or grown with `unit`.
      const points = [...value].slice(0, op.length);
      while (points.length < op.length) points.push(op.unit);
      put(container, key, points.join(''));
    } else if (op.kind === 'affix' && typeof value === 'string') {
      put(container, key, op.before ? op.text + value : value + op.text);
    }
  }
  return JSON.stringify(root).replace(/"\\u0002(\d+)\\u0002"/g, (_, i: string) => raw[Number(i)]!);
}

/**
 * Whether two parsed lines hold the same data: the same keys (in the same order in a review's
 * criteria, which are stored as JSON text), the same values (-0 is not 0).
 */
export function sameData(a: unknown, b: unknown, ordered = false): boolean {
  if (!isContainer(a) || !isContainer(b)) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  const order = (keys: string[]) => (ordered ? keys : [...keys].sort()).join('\u0000');
  if (order(keysA) !== order(keysB)) return false;
  const at = (c: Container, k: string) => (c as Record<string, unknown>)[k];
  return keysA.every((k) => sameData(at(a, k), at(b, k), k === 'criteria'));
}

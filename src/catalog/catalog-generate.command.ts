import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { generateCatalogLines } from './catalog-generator.js';
import { realisticCatalogLines } from './generator/realistic.js';

// npm run catalog:generate -- --products N [--seed S] [--style families|realistic] > FILE
// families (the default): the family catalog of catalog-generator.ts, which the resolution
// benchmark's generated queries are made for. realistic: names as real catalogs write them
// (generator/realistic.ts), which the scale benchmark measures.
// Streams JSON Lines to stdout in large chunks, waiting for 'drain' when the pipe is full, so
// memory stays flat whatever N is. A reader that goes away (| head) ends the command quietly.

const CHUNK = 1 << 20;

function integer(value: string | undefined, option: string, positive: boolean): number {
  if (value === undefined || !/^-?\d+$/.test(value.trim())) {
    throw new Error(`--${option} must be ${positive ? 'a positive integer' : 'an integer'}`);
  }
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`--${option} is too large`);
  if (positive && n < 1) throw new Error(`--${option} must be a positive integer`);
  return n;
}

const STYLES = ['families', 'realistic'] as const;
type Style = (typeof STYLES)[number];

function parse(argv: string[]): { products: number; seed: number; style: Style } {
  // parseArgs throws a one-line reason for unknown options and missing values.
  const { values } = parseArgs({
    args: argv,
    options: { products: { type: 'string' }, seed: { type: 'string' }, style: { type: 'string' } },
    strict: true,
    allowPositionals: false,
  });
  if (values.products === undefined) throw new Error('--products N is required');
  const style = (values.style ?? 'families') as Style;
  if (!STYLES.includes(style)) throw new Error(`--style must be ${STYLES.join(' or ')}`);
  return {
    style,
    products: integer(values.products, 'products', true),
    seed: values.seed === undefined ? 1 : integer(values.seed, 'seed', false),
  };
}

async function main(): Promise<void> {
  const { products, seed, style } = parse(process.argv.slice(2));
  const lines =
    style === 'realistic'
      ? realisticCatalogLines(products, seed)
      : generateCatalogLines({ products, seed });
  const out = process.stdout;
  out.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') fail(error.message);
    process.exit(0);
  });
  // Lines are encoded into ~1 MiB buffers (never one big string: flattening is slow); a fresh
  // buffer each time, since a pipe may still hold the previous one.
  let buffer = Buffer.allocUnsafe(CHUNK);
  let used = 0;
  for (const line of lines) {
    const room = 3 * line.length + 1; // UTF-8 needs at most 3 bytes per UTF-16 unit
    if (used + room > buffer.length) {
      if (!out.write(buffer.subarray(0, used))) await once(out, 'drain');
      buffer = Buffer.allocUnsafe(Math.max(CHUNK, room));
      used = 0;
    }
    used += buffer.write(line, used);
    buffer[used++] = 0x0a;
  }
  if (used > 0) out.write(buffer.subarray(0, used));
}

function fail(reason: string): never {
  process.stderr.write(`catalog:generate: ${reason.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(1);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

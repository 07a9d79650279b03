import { once } from 'node:events';
import { generateCatalogLines } from './generator/catalog-generator.js';
import { realisticCatalogLines } from './generator/realistic.js';

// catalog:generate --products N [--seed S] [--style families|realistic] > FILE (tools/cli.ts)
// families (the default): the family catalog of catalog-generator.ts, which the resolution
// benchmark's generated queries are made for. realistic: names as real catalogs write them
// (generator/realistic.ts), which the scale benchmark measures.
// Streams JSON Lines to stdout in large chunks, waiting for 'drain' when the pipe is full, so
// memory stays flat whatever N is. A reader that goes away (| head) ends the command quietly.

const CHUNK = 1 << 20;

export async function generateCatalog(options: {
  products: number;
  seed: number;
  style: 'families' | 'realistic';
}): Promise<void> {
  const { products, seed, style } = options;
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

import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { REALISTIC_VERSION } from '../../tools/generator/realistic.js';
import { projectRoot } from '../../src/config/project-root.js';
import { runNode } from './processes.js';

/** Where generated catalogs are cached (git-ignored). */
export const benchOutDir = () => path.join(projectRoot(), 'bench', 'out');

/**
 * The generated catalog of `products` products in `style`, written by the real `catalog:generate`
 * command (from dist/) on first use and cached under bench/out. Written to a temporary name
 * first, so an interrupted run never leaves a truncated catalog behind as the cache.
 */
export async function ensureCatalogFile(
  products: number,
  seed: number,
  style: 'families' | 'realistic' = 'families',
): Promise<string> {
  // A realistic catalog's name carries its generator's version: a cached copy of another
  // version is not the catalog the bench's queries are drawn from.
  const styled = style === 'families' ? '' : `-${style}-v${REALISTIC_VERSION}`;
  const file = path.join(benchOutDir(), `catalog-${products}-seed${seed}${styled}.jsonl`);
  if (existsSync(file)) return file;
  await mkdir(benchOutDir(), { recursive: true });
  const partial = `${file}.partial`;
  const args = ['--products', String(products), '--seed', String(seed), '--style', style];
  const generated = await runNode(
    ['dist/tools/cli.js', 'catalog:generate', ...args],
    process.env,
    partial,
  );
  await rename(partial, file);
  console.error(`generated ${file} in ${generated.seconds.toFixed(1)} s`);
  return file;
}

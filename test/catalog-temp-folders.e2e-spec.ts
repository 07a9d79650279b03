import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateCatalogLines } from '../tools/generator/catalog-generator.js';
import { CatalogStaging } from '../src/catalog/catalog-staging.js';
import { projectRoot } from '../src/config/project-root.js';
import { catalogFile, product } from './support/catalog-files.js';
import { runBuiltCommand } from './support/run-command.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// An import's COPY folder (about the size of the catalog file) never outlives it: a stopped
// import removes it as it exits, and the next import removes those of killed ones, never one
// that a running import still uses.

const folders = async (tmp: string) =>
  (await readdir(tmp)).filter((name) => name.startsWith('catalog-import-')).sort();

describe(CatalogStaging.name, () => {
  let db: TestDatabase;
  let tmp: string;
  let big: string;
  const env = () => ({ DATABASE_URL: db.url, TMPDIR: tmp });

  /** Starts an import of the big file and resolves once its folder names its process. */
  async function startImport() {
    const child = spawn(
      process.execPath,
      [path.join(projectRoot(), 'dist/src/cli.js'), 'catalog:import', big, '--replace', '--force'],
      { cwd: projectRoot(), env: { ...process.env, LOG_LEVEL: 'warn', ...env() }, stdio: 'ignore' },
    );
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    for (let waited = 0; ; waited += 10) {
      const [folder] = await folders(tmp);
      if (folder && existsSync(path.join(tmp, folder, 'owner.pid')))
        return { child, folder, exited };
      if (child.exitCode !== null || waited > 60_000) throw new Error('the import made no folder');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'pi-import-tmp-'));
    big = await catalogFile([...generateCatalogLines({ products: 5_000, seed: 3 })]);
  });

  afterAll(async () => {
    await db?.drop();
    await rm(tmp, { recursive: true, force: true });
  });

  it('removes the folder of a killed import at the next import, and none in use', async () => {
    const killed = await startImport();
    killed.child.kill('SIGKILL');
    expect(await killed.exited).toBe('SIGKILL');
    expect(await folders(tmp)).toEqual([killed.folder]); // nothing could remove it
    // A folder of a running import (this test's process), and one of an earlier version that
    // names no process: recent (maybe still in use), and a day old.
    const inUse = path.join(tmp, 'catalog-import-inuse');
    await mkdir(inUse);
    await writeFile(path.join(inUse, 'owner.pid'), `${process.pid}\n`);
    const recent = path.join(tmp, 'catalog-import-recent');
    await mkdir(recent);
    const old = path.join(tmp, 'catalog-import-old');
    await mkdir(old);
    const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
    await utimes(old, dayAgo, dayAgo);

    const next = await runBuiltCommand(
      'catalog:import',
      [await catalogFile([product('a')])],
      env(),
    );
    expect(next.code).toBe(0);
    expect(await folders(tmp)).toEqual(['catalog-import-inuse', 'catalog-import-recent']);
    await rm(inUse, { recursive: true });
    await rm(recent, { recursive: true });
  });

  it('removes its folder when it is stopped', async () => {
    for (const folder of await folders(tmp)) await rm(path.join(tmp, folder), { recursive: true });
    const stopped = await startImport();
    stopped.child.kill('SIGTERM');
    expect(await stopped.exited).toBe('SIGTERM');
    expect(await folders(tmp)).toEqual([]);
  });
});

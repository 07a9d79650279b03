import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { envSchema } from '../src/config/env.schema.js';
import { projectRoot } from '../src/config/project-root.js';
import { freePort } from './setup/global-setup.js';
import { readFirstStartSecrets } from './support/first-start.js';
import { startServer, type ServerProcess } from './support/server-process.js';

// The README's front door, as a newcomer walks through it: `npm start` on the embedded
// default, the key from the start-up block, then the shell blocks of "Your first lookup"
// pasted into bash with curl, as written (only the port differs).

const readme = readFileSync(path.join(projectRoot(), 'README.md'), 'utf8');

/** The ```sh blocks of a README section. */
function shellBlocks(heading: string): string[] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

describe('README', () => {
  let server: ServerProcess | undefined;
  let root = '';

  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('names the two set-up commands', () => {
    expect(shellBlocks('Start it')).toEqual(['npm install && npm start\n']);
    expect(shellBlocks('Run the tests')).toEqual(['npm install && npm test\n']);
  });

  it('says how to change the port and the data folder, with settings the service reads', () => {
    const start = readme.slice(
      readme.indexOf('\n## Start it\n'),
      readme.indexOf('\n## Your first'),
    );
    const command = /`((?:[A-Z_]+=\S+ )+)npm start`/.exec(start)?.[1] ?? '';
    const names = [...command.matchAll(/([A-Z_]+)=/g)].map((m) => m[1]!);
    expect(names).toEqual(['PORT', 'DATA_DIR']);
    for (const name of names) expect([name, name in envSchema.shape]).toEqual([name, true]);
  });

  it("answers the first lookup and the batch as written, with the start-up block's key", async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'pi-readme-'));
    await chmod(root, 0o755); // as root, the embedded PostgreSQL runs as "postgres"
    server = await startServer({
      DATABASE_URL: undefined,
      DATA_DIR: path.join(root, 'data'),
      PORT: String(await freePort()),
      EMBEDDED_DATABASE_PORT: String(await freePort()),
      LOG_LEVEL: 'log',
    });
    // Without a terminal, the start-up block's secrets are in a file (first-start.e2e-spec.ts).
    const { key } = await readFirstStartSecrets(path.join(root, 'data'));

    const [single, batch] = shellBlocks('Your first lookup');
    const run = (script: string) =>
      spawnSync(
        'bash',
        ['-euo', 'pipefail', '-c', script.replaceAll('http://127.0.0.1:3000', server!.url)],
        {
          encoding: 'utf8',
          env: { ...process.env, PI_API_KEY: key },
        },
      );
    // The export line holds a placeholder the reader replaces with the key: skip it.
    const lookup = run(single!.replace(/^export PI_API_KEY=.*$/m, ''));
    expect(lookup.status).toBe(0);
    expect(JSON.parse(lookup.stdout)).toMatchObject({
      found: true,
      product_name: 'Sony WH-1000XM5',
    });

    const answered = run(batch!);
    const results = (JSON.parse(answered.stdout) as { results: { found: boolean }[] }).results;
    expect(results.map((r) => r.found)).toEqual([true, true, false]);
  }, 300_000);
});

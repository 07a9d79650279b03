import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/config/project-root.js';

// `npm run lint` fails on a dependency nothing uses (knip, configured by knip.jsonc):
// test/fixtures/unused-dependency lists one beside the one its code imports.

const root = projectRoot();
const scripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
const [command, ...args] = scripts['lint:unused']!.split(' ');

/** The lint's unused-dependency check, run in `cwd` with the project's own configuration. */
function check(cwd: string): Promise<{ code: number; stdout: string }> {
  const knip = path.join(root, 'node_modules/.bin', command!);
  const config = ['--config', path.join(root, 'knip.jsonc')];
  return new Promise((resolve, reject) => {
    execFile(knip, [...args, ...config], { cwd, maxBuffer: 16 << 20 }, (error, stdout) => {
      if (error && typeof error.code !== 'number') {
        return reject(new Error('knip did not run', { cause: error }));
      }
      resolve({ code: error ? Number(error.code) : 0, stdout });
    });
  });
}

describe('unused dependency check', () => {
  it('is part of npm run lint', () => {
    expect(command).toBe('knip');
    expect(scripts.lint).toContain('npm run -s lint:unused');
  });

  it('fails on a dependency nothing imports', async () => {
    const { code, stdout } = await check(path.join(root, 'test/fixtures/unused-dependency'));
    expect(code).toBeGreaterThan(0);
    expect(stdout).toMatch(/Unused dependencies \(1\)\s+left-pad/);
    expect(stdout).not.toContain('zod');
  });

  it('passes on the project itself', async () => {
    expect(await check(root)).toEqual({ code: 0, stdout: '' });
  });
});

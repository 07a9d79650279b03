import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/config/project-root.js';

// The build is the Nest CLI's: nest-cli.json at the top level, `nest build` under the npm
// scripts' staleness check (scripts/build.mjs), `nest start --watch` for development.

const root = projectRoot();
const json = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;

interface NestCli {
  sourceRoot: string;
  entryFile: string;
  compilerOptions: { builder: string; tsConfigPath: string; deleteOutDir: boolean };
}

describe('the build', () => {
  const nest = json<NestCli>('nest-cli.json');
  const scripts = json<{ scripts: Record<string, string> }>('package.json').scripts;

  it('compiles tsconfig.build.json with tsc, keeping what dist/ holds', () => {
    expect(nest.compilerOptions).toEqual({
      builder: 'tsc',
      tsConfigPath: 'tsconfig.build.json',
      deleteOutDir: false,
    });
  });

  it('is nest build, run by npm run build and by every script once a source changed', () => {
    expect(scripts.build).toBe('node scripts/build.mjs');
    expect(readFileSync(path.join(root, 'scripts/build.mjs'), 'utf8')).toMatch(
      /spawnSync\(process\.execPath, \[nest, 'build'\]/,
    );
    expect(scripts['start:dev']).toBe('nest start --watch');
  });

  it('starts under nest start what npm start runs: the built src/main.ts', () => {
    const entry = path.join('dist', nest.sourceRoot, `${nest.entryFile}.js`);
    expect(existsSync(path.join(root, entry))).toBe(true);
    expect(scripts['start:prod']).toContain(entry);
    expect(existsSync(path.join(root, nest.sourceRoot, `${nest.entryFile}.ts`))).toBe(true);
  });
});

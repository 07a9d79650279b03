import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// The layering check (.dependency-cruiser.cjs, run by `npm run lint`) must fail on what it is
// there to forbid: test/fixtures/layering/src holds one import of each kind it refuses.

const root = path.resolve(import.meta.dirname, '..');
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const config = path.join(root, '.dependency-cruiser.cjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** Runs the check in `cwd` as `npm run lint` does; its exit code and output. */
function depcruiseIn(cwd: string, ...extra: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const args = ['src', '--config', config, ...extra];
    execFile(depcruise, args, { cwd, maxBuffer: 64 << 20 }, (error, stdout) => {
      if (error && typeof error.code !== 'number') {
        return reject(new Error('depcruise did not run', { cause: error }));
      }
      resolve({ code: error ? Number(error.code) : 0, stdout });
    });
  });
}

/** The violations the check reports in `cwd`'s src/. */
async function violationsIn(cwd: string): Promise<Violation[]> {
  const { stdout } = await depcruiseIn(cwd, '--output-type', 'json');
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const fixture = path.join(root, 'test/fixtures/layering');

describe('layering check', () => {
  it('refuses an upward import, a sibling feature, a cycle and an unlayered folder', async () => {
    const violations = await violationsIn(fixture);
    const found = violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'layer-config: src/config/upward.ts -> src/lookup/feature.ts',
        'layer-catalog: src/catalog/sibling.ts -> src/lookup/feature.ts',
        'no-unlayered-importer: src/widgets/unlayered.ts -> src/config/upward.ts',
        'not-to-dev-code: src/catalog/uses-tool.ts -> tools/generator.ts',
      ]),
    );
    // A test of the service may use the developer tools.
    expect(found.filter((v) => v.includes('uses-tool.spec.ts'))).toEqual([]);
    expect(violations.some((v) => v.rule.name === 'no-circular')).toBe(true);
  });

  it('finds no catalog generator in src/: it is a developer tool (tools/generator/)', () => {
    const generators = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => !file.startsWith('database/generated'))
      .filter((file) => /generat(or|e\b)/i.test(file));
    expect(generators).toEqual([]);
    expect(readdirSync(path.join(root, 'tools/generator'))).toContain('catalog-generator.ts');
  });

  // On the service itself the lint step runs it (npm test runs the lint beside the tests).
  it('fails the lint step on them', async () => {
    expect((await depcruiseIn(fixture)).code).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../src/config/project-root.js';

// The repository explains itself: every link of the README and docs/ leads to a file of the
// repository, and every document a code comment names exists in it.

const root = projectRoot();

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => ext.test(file))
    .map((file) => path.join(dir, file));
}

const documents = ['README.md', 'CHANGELOG.md', ...files('docs', /\.md$/)];

describe('documentation', () => {
  it.each(documents)('%s links only to files that exist', (document) => {
    const text = readFileSync(path.join(root, document), 'utf8');
    const targets = [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
      .map((m) => m[1]!)
      .filter((target) => !/^[a-z]+:/.test(target));
    for (const target of targets) {
      expect([target, existsSync(path.resolve(root, path.dirname(document), target))]).toEqual([
        target,
        true,
      ]);
    }
  });

  it('names in code comments only documents of the repository', () => {
    const named = new Set<string>();
    for (const file of [
      ...files('src', /\.ts$/),
      ...files('bench', /\.ts$/),
      ...files('test', /\.ts$/),
    ]) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const m of text.matchAll(/\b(docs\/[\w-]+\.md)\b/g)) named.add(m[1]!);
      // The contract's own files (its decisions and spec) live outside the repository.
      expect([
        file,
        new RegExp(String.raw`(?<!docs/)\bdecisions\.md|service-${'spec'}`).test(text),
      ]).toEqual([file, false]);
    }
    for (const document of named)
      expect([document, existsSync(path.join(root, document))]).toEqual([document, true]);
  });
});

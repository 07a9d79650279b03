import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { projectRoot } from '../src/config/project-root.js';

// A clean `npm install` on any Node the project supports prints no engine warning
// (EBADENGINE): npm warns for each package whose `engines.node` refuses the running Node, and
// package-lock.json records every package's `engines` as the install will find them.

interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string } }>;
}

const root = projectRoot();
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;
const supported = read<{ engines: { node: string } }>('package.json').engines.node;

/** The packages of the lock file whose `engines.node` refuses `version`. */
function refusing(lock: Lock, version: string): string[] {
  return Object.entries(lock.packages)
    .filter(([where, { engines }]) => where !== '' && engines?.node !== undefined)
    .filter(([, { engines }]) => !semver.satisfies(version, engines!.node!))
    .map(([where, { version: v, engines }]) => `${where}@${v} wants node ${engines!.node}`);
}

describe('npm install', () => {
  // The oldest Node the project supports, and the one running the suite (CI runs it on both
  // lines the project ships on: Node 20 and, through test:lts, 22).
  const versions = [semver.minVersion(supported)!.version, process.versions.node];

  it('runs on a Node the project supports', () => {
    expect(semver.satisfies(process.versions.node, supported)).toBe(true);
  });

  it.each(versions)('installs nothing that refuses Node %s', (version) => {
    expect(refusing(read<Lock>('package-lock.json'), version)).toEqual([]);
  });
});

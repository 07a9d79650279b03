// Nest 12 ships ES modules only, so the suite runs in Jest's native ESM mode
// (node --experimental-vm-modules) with ts-jest emitting ESM.
import os from 'node:os';
import { createDefaultEsmPreset } from 'ts-jest';

const preset = createDefaultEsmPreset({ tsconfig: 'tsconfig.json' });
// ts-jest's options, for the transform that wraps it (test/setup/fast-globals.transform.cjs).
const [[tsFiles, [, tsJestOptions]]] = Object.entries(preset.transform);
const common = {
  ...preset,
  testEnvironment: 'node',
  // Sources import './x.js' (NodeNext); Jest resolves the .ts file behind it.
  moduleNameMapper: {
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // CommonJS packages that require Nest's ES modules (test/esm-shims explains why).
    '^@nestjs/throttler$': '<rootDir>/test/esm-shims/nestjs-throttler.mjs',
  },
  transform: {
    [tsFiles]: ['<rootDir>/test/setup/fast-globals.transform.cjs', tsJestOptions],
    '/test/esm-shims/[^/]+\\.mjs$': '<rootDir>/test/esm-shims/esm-shim.transform.cjs',
  },
};

/** @type {import('jest').Config} */
export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{src,tools}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
    },
  ],
  // A global option (projects ignore it): e2e tests start servers and load catalogs. Five
  // minutes: on two cores, three files at once and the servers they start, a test ran up to
  // seven times as long as alone (26 s alone, over 180 s in a CI run); a timeout is for a test
  // that hangs, not for a slow machine.
  testTimeout: 300_000,
  // Jest's default is one worker fewer than the cores: on two cores, one file at a time. Most
  // e2e files spend their time waiting on PostgreSQL, a server process or a browser, so one
  // worker more than the cores keeps both busy (--maxWorkers on the command line overrides it).
  maxWorkers: os.availableParallelism() + 1,
  // A worker keeps each file's modules (ESM mode: 60 to 100 MB of heap a file that starts
  // Nest), so its collector marks a heap that grows with every file it ran. Started again
  // past 600 MB: 40 e2e files on two workers took 501 CPU-s against 523 without a limit.
  workerIdleMemoryLimit: '600MB',
  // The slowest files first, even on a clean clone (test/setup/test-sequencer.mjs).
  testSequencer: '<rootDir>/test/setup/test-sequencer.mjs',
};

import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { readFileSync } from 'node:fs';
import { AppModule } from '../../src/app.module.js';
import { LookupService } from '../../src/lookup/lookup.service.js';
import { summarise } from './stats.js';

// Forked by scale.bench.ts with an IPC channel: node dist/bench/scale/direct.js NAMES.json
// The same resolution and fetch work as an HTTP lookup, without HTTP: the service's own
// LookupService in a Nest application context (same providers, same connection pool), driven
// by `concurrency` workers over the cold names, each once. Its lookups per second are D in
// the two-core bound 1/(1/B + 1/D) that cold HTTP lookups are compared with. Restarted before
// each cold run, as the service is, so that nothing is cached.

export interface DirectRun {
  /** Index of the first name to use (modulo the names' count), and the index to stop at. */
  readonly from: number;
  readonly until: number;
  readonly seconds: number;
  readonly concurrency: number;
}

const names = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as string[];
const app = await NestFactory.createApplicationContext(AppModule, {
  logger: ['error', 'warn'],
  abortOnError: false,
});
const lookups = app.get(LookupService);

async function run({ from, until, seconds, concurrency }: DirectRun) {
  const latencies: number[] = [];
  let next = from;
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && next < until) {
      const name = names[next++ % names.length]!;
      const t = performance.now();
      try {
        await lookups.lookup(name, 'full');
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  // Lookups in flight at the deadline finish and count, over the time they took.
  const elapsed = (performance.now() - started) / 1000;
  return { measured: summarise(latencies, elapsed, { non2xx: 0, errors }), next };
}

process.on('message', (message: DirectRun | 'stop') => {
  if (message === 'stop') {
    void app.close().then(() => process.exit(0));
    return;
  }
  void run(message).then((result) => process.send!(result));
});
process.send!('ready');

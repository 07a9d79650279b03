import { describe, expect, it } from '@jest/globals';
import { HashQueue, SHED } from './hash-queue.js';

/** A task that runs until released, recording that it started. */
function gate(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: () => {
      started.push(name);
      return done.then(() => name);
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe(HashQueue.name, () => {
  it('runs at most its concurrency, queues a bounded number and sheds the rest at once', async () => {
    const queue = new HashQueue(2, 2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd', 'e'].map((name) => gate(started, name));
    const results = tasks.map((t, i) => queue.run({ trusted: false, parties: [`p${i}`] }, t.task));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect(queue.waiting).toBe(2);
    await expect(results[4]).resolves.toBe(SHED); // without waiting for anything
    tasks[0]!.release();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const t of tasks) t.release();
    await expect(Promise.all(results.slice(0, 4))).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect(queue.waiting).toBe(0);
  });

  it('takes one check per party at a time', async () => {
    const queue = new HashQueue(2, 4);
    const started: string[] = [];
    const first = gate(started, 'first');
    const running = queue.run({ trusted: false, parties: ['address:1', 'email:a'] }, first.task);
    const sameAddress = queue.run({ trusted: false, parties: ['address:1', 'email:b'] }, () =>
      Promise.resolve('second'),
    );
    await expect(sameAddress).resolves.toBe(SHED);
    first.release();
    await running;
    await expect(
      queue.run({ trusted: false, parties: ['address:1', 'email:b'] }, () => Promise.resolve('x')),
    ).resolves.toBe('x');
  });

  it('serves trusted checks first, in a lane of their own', async () => {
    const queue = new HashQueue(1, 1);
    const started: string[] = [];
    const running = gate(started, 'running');
    const waiting = gate(started, 'other');
    const trusted = gate(started, 'trusted');
    const results = [
      queue.run({ trusted: false, parties: ['1'] }, running.task),
      queue.run({ trusted: false, parties: ['2'] }, waiting.task),
      queue.run({ trusted: false, parties: ['3'] }, () => Promise.resolve('shed')),
      queue.run({ trusted: true, parties: ['4'] }, trusted.task),
    ];
    await expect(results[2]).resolves.toBe(SHED);
    running.release();
    await tick();
    expect(started).toEqual(['running', 'trusted']);
    trusted.release();
    waiting.release();
    await expect(Promise.all([results[0], results[1], results[3]])).resolves.toEqual([
      'running',
      'other',
      'trusted',
    ]);
  });

  it('frees the slot and the parties of a task that fails', async () => {
    const queue = new HashQueue(1, 0);
    await expect(
      queue.run({ trusted: false, parties: ['p'] }, () => Promise.reject(new Error('no'))),
    ).rejects.toThrow('no');
    await expect(
      queue.run({ trusted: false, parties: ['p'] }, () => Promise.resolve('ok')),
    ).resolves.toBe('ok');
  });
});

import { describe, expect, it } from '@jest/globals';
import { alongside } from './alongside.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Work that checks its signal between steps, as the answers check it between batches. */
async function steps(signal: AbortSignal, done: string[], count = 20): Promise<number> {
  for (let i = 0; i < count; i++) {
    signal.throwIfAborted();
    await tick();
  }
  done.push('main');
  return count;
}

describe('alongside', () => {
  it('returns the main result once both have finished', async () => {
    const done: string[] = [];
    const result = await alongside(
      (signal) => steps(signal, done, 3),
      async () => {
        await tick();
        await tick();
        await tick();
        await tick();
        done.push('beside');
      },
    );
    expect(result).toBe(3);
    expect(done.sort()).toEqual(['beside', 'main']);
  });

  it('stops the main work when one beside it fails, waits for the others, and throws that failure', async () => {
    const done: string[] = [];
    let signalled: AbortSignal | undefined;
    await expect(
      alongside(
        (signal) => {
          signalled = signal;
          return steps(signal, done);
        },
        async () => {
          await tick();
          throw new Error('vocabulary failed');
        },
        async () => {
          for (let i = 0; i < 5; i++) await tick();
          done.push('name keys');
        },
      ),
    ).rejects.toThrow('vocabulary failed');
    expect(signalled?.aborted).toBe(true);
    expect(done).toEqual(['name keys']);
  });

  it('waits for the other work before throwing the main failure', async () => {
    const done: string[] = [];
    await expect(
      alongside(
        async () => {
          await tick();
          throw new Error('answers failed');
        },
        async () => {
          for (let i = 0; i < 5; i++) await tick();
          done.push('beside');
        },
      ),
    ).rejects.toThrow('answers failed');
    expect(done).toEqual(['beside']);
  });
});

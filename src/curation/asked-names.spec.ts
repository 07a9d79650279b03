import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../config/app-config.js';
import { ASKED_PENDING_MAX, AskedNames } from './asked-names.js';
import type { AskedCount, AskedNamesRepository } from './asked-names.repository.js';

function recorder(add: (counts: AskedCount[]) => Promise<void>, record = true) {
  const repository = {
    add,
    prune: () => Promise.resolve(0),
    counts: () => Promise.resolve({ pending: 0, demand: 0, ignored: 0, aliases: 0 }),
  };
  const config = { askedNames: { record, retentionMs: 86_400_000, max: 1_000 } };
  return new AskedNames(
    repository as unknown as AskedNamesRepository,
    config as unknown as AppConfig,
  );
}

const suggestion = (productId: string) => ({ productId, name: productId, score: 0.5 });

describe(AskedNames.name, () => {
  it('adds up the askings of one folded name by transport, in one write per flush', async () => {
    const writes: AskedCount[][] = [];
    const asked = recorder((counts) => {
      writes.push(counts);
      return Promise.resolve();
    });
    asked.record('Sony WH 1000', 'http', suggestion('old'), 3);
    asked.record('sony  wh-1000 ', 'http', suggestion('new'), 4);
    asked.record('SONY WH.1000', 'mcp', suggestion('older'), 2);
    asked.record('Kettle', 'feed');
    asked.record(' !? ', 'http'); // folds to nothing: not a name
    await asked.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toEqual([
      expect.objectContaining({ key: 'kettle', http: 0, mcp: 0, feed: 1 }),
      expect.objectContaining({
        key: 'sonywh1000',
        name: 'SONY WH.1000',
        http: 2,
        mcp: 1,
        feed: 0,
        // The latest publication's suggestion, whatever order they came in.
        suggestion: suggestion('new'),
        publicationId: 4,
      }),
    ]);
    await asked.flush();
    expect(writes[1]).toEqual([]);
    await asked.onModuleDestroy();
  });

  it('loses counts, never throws, when the store fails; and gathers a bounded number of names', async () => {
    let failing = true;
    const writes: AskedCount[][] = [];
    const asked = recorder((counts) => {
      if (failing) return Promise.reject(new Error('connection refused'));
      writes.push(counts);
      return Promise.resolve();
    });
    asked.record('lost', 'http');
    await asked.flush();
    failing = false;
    for (let i = 0; i <= ASKED_PENDING_MAX; i++) asked.record(`name ${i}`, 'http');
    asked.record('name 0', 'mcp'); // a name gathered already still counts
    await asked.flush();
    expect(writes[0]).toHaveLength(ASKED_PENDING_MAX);
    expect(writes[0]!.find((c) => c.key === 'lost')).toBeUndefined();
    expect(writes[0]!.find((c) => c.key === 'name0')).toMatchObject({ http: 1, mcp: 1 });
    await asked.onModuleDestroy();
  });

  it('records nothing when ASKED_NAMES_RECORD is false', async () => {
    const writes: AskedCount[][] = [];
    const asked = recorder((counts) => {
      writes.push(counts);
      return Promise.resolve();
    }, false);
    asked.record('anything', 'http');
    await asked.flush();
    expect(writes).toEqual([[]]);
    await asked.onModuleDestroy();
  });
});

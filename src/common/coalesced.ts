import DataLoader from 'dataloader';

/**
 * Work that concurrent callers ask for keys, done together: the keys asked while the event
 * loop serves its ready requests go into one call of `batch`, made once it has served them
 * (setImmediate), so that each caller pays a share of one round trip (bench/RESULTS.md, "What
 * a cold name costs"). A caller's own keys are asked at once, so they share a call (and what
 * it read, a publication). `batch` gives one value for each key, in order; nothing is cached.
 */
export function coalesced<K, V>(
  batch: (keys: readonly K[]) => Promise<V[]>,
): (keys: readonly K[]) => Promise<V[]> {
  const loader = new DataLoader<K, V>(batch, {
    cache: false,
    batchScheduleFn: (run) => setImmediate(run),
  });
  return async (keys) => {
    const read = await loader.loadMany(keys);
    const failed = read.find((value) => value instanceof Error);
    if (failed) throw failed;
    return read as V[];
  };
}

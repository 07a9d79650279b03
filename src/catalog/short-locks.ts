import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';

// How an import takes the published catalog's tables (to swap them, and to drop the replaced
// ones): all in one statement, giving way to lookups rather than making them wait.

export const LOCK_NOT_AVAILABLE = '55P03';
/**
 * A lock request waits this long at most for lookups in flight to finish before it gives way
 * (new lookups queue behind it meanwhile), then tries again a little later.
 */
const LOCK_TIMEOUT_MS = 50;
export const SWAP_ATTEMPTS = 40;

/**
 * `work` in one transaction whose lock requests give way after LOCK_TIMEOUT_MS (lookups
 * queue behind a waiting request no longer than that), tried again a moment later, up to
 * SWAP_ATTEMPTS times; the last failure is thrown. Returns the committed try's milliseconds.
 */
export async function underShortLocks(
  client: pg.Client,
  work: () => Promise<void>,
): Promise<{ ms: number; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    const started = performance.now();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT_MS}ms'`);
      await work();
      await client.query('COMMIT');
      return { ms: performance.now() - started, attempts: attempt };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      const busy = (error as { code?: string }).code === LOCK_NOT_AVAILABLE;
      if (!busy || attempt === SWAP_ATTEMPTS) throw error;
      await sleep(Math.min(1_000, 25 * attempt) * (0.5 + Math.random()));
    }
  }
}

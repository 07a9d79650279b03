/**
 * Runs `main` and `beside` at once and waits for both to settle. `beside` failing aborts
 * `main`'s signal, and its error is the one thrown; otherwise `main`'s, or its result.
 */
export async function alongside<T>(
  main: (signal: AbortSignal) => Promise<T>,
  beside: () => Promise<void>,
): Promise<T> {
  const stop = new AbortController();
  const besideDone = beside().catch((error: unknown) => {
    stop.abort(error);
    throw error;
  });
  const [mainDone, besideResult] = await Promise.allSettled([main(stop.signal), besideDone]);
  if (besideResult.status === 'rejected') throw besideResult.reason;
  if (mainDone.status === 'rejected') throw mainDone.reason;
  return mainDone.value;
}

/**
 * Runs `main` and each of `beside` at once and waits for all to settle. One of `beside`
 * failing aborts `main`'s signal, and the first such error is the one thrown; otherwise
 * `main`'s, or its result.
 */
export async function alongside<T>(
  main: (signal: AbortSignal) => Promise<T>,
  ...beside: (() => Promise<void>)[]
): Promise<T> {
  const stop = new AbortController();
  const besideDone = beside.map((work) =>
    work().catch((error: unknown) => {
      stop.abort(error);
      throw error;
    }),
  );
  const [mainDone, ...besideResults] = await Promise.allSettled([main(stop.signal), ...besideDone]);
  const failed = besideResults.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  if (mainDone.status === 'rejected') throw mainDone.reason;
  return mainDone.value;
}

export interface Sample {
  status: number;
  ms: number;
  retryAfter: string | null;
  contentType: string | null;
  /** Set when the request failed at the network level (no HTTP answer). */
  error?: string;
}

export interface Load {
  samples: Sample[];
  stop(): Promise<Sample[]>;
}

/** Sends `request` from `concurrency` loops back to back until stopped. */
export function startLoad(
  concurrency: number,
  request: (i: number) => Promise<Response>,
  timeoutMs = 15_000,
): Load {
  const samples: Sample[] = [];
  let running = true;
  let counter = 0;
  const worker = async () => {
    while (running) {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        const res = await Promise.race([
          request(counter++),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('client timeout')), timeoutMs);
          }),
        ]);
        await res.arrayBuffer();
        samples.push({
          status: res.status,
          ms: performance.now() - started,
          retryAfter: res.headers.get('retry-after'),
          contentType: res.headers.get('content-type'),
        });
      } catch (error) {
        samples.push({
          status: 0,
          ms: performance.now() - started,
          retryAfter: null,
          contentType: null,
          error: error instanceof Error ? error.message : String(error),
        });
      } finally {
        clearTimeout(timer);
      }
    }
  };
  const workers = Array.from({ length: concurrency }, worker);
  return {
    samples,
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return samples;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns true or `timeoutMs` passes; returns whether it did. */
export async function eventually(
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 200,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await sleep(everyMs);
  }
  return false;
}

// Response bodies sent again and again unchanged (a cached answer, asked again by the key that
// asked it last): their JSON is written once, with the bytes sent and their ETag, and each later
// response sends those (ServiceHttpAdapter). On a hot name, writing the answer's JSON was about a
// tenth of the service's own work, and its bytes and weak ETag a little more (the log of
// bench/RESULTS.md at 76c73fc, "Lookups on the real names, seventh session" and "eighth session").

/** A body's JSON as written once: the text, the UTF-8 bytes sent, and their ETag once asked. */
export interface WrittenJson {
  readonly text: string;
  readonly bytes: Buffer;
  /** The response's ETag of `bytes`, kept by the first response that computes it. */
  etag?: string;
}

const reused = new WeakSet<object>();
const written = new WeakMap<object, WrittenJson>();

/** Marks `body` as one that is sent again unchanged: it must never be changed afterwards. */
export function sentAgain<T extends object>(body: T): T {
  reused.add(body);
  return body;
}

/** The JSON of a body marked by sentAgain, written on its first response; else undefined. */
export function writtenOnce(body: unknown): WrittenJson | undefined {
  if (typeof body !== 'object' || body === null || !reused.has(body)) return undefined;
  let json = written.get(body);
  if (json === undefined) {
    const text = JSON.stringify(body);
    json = { text, bytes: Buffer.from(text, 'utf8') };
    written.set(body, json);
  }
  return json;
}

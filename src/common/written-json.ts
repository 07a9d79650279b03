// Response bodies sent again and again unchanged (a cached answer, asked again by the key that
// asked it last): their JSON is written once, and each later response sends that text
// (ServiceHttpAdapter). On a hot name, writing the answer's JSON was about a tenth of the
// service's own work (bench/RESULTS.md, "Lookups on the real names, seventh session").

const reused = new WeakSet<object>();
const written = new WeakMap<object, string>();

/** Marks `body` as one that is sent again unchanged: it must never be changed afterwards. */
export function sentAgain<T extends object>(body: T): T {
  reused.add(body);
  return body;
}

/** The JSON of a body marked by sentAgain, written on its first response; else undefined. */
export function writtenOnce(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !reused.has(body)) return undefined;
  let json = written.get(body);
  if (json === undefined) {
    json = JSON.stringify(body);
    written.set(body, json);
  }
  return json;
}

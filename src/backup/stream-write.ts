import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Writes with the stream's back-pressure; rejects if the stream fails meanwhile. */
export async function put(stream: Writable, chunk: Buffer | string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

import { StringDecoder } from 'node:string_decoder';

/**
 * The rows a `COPY … TO STDOUT` stream gives, as lines of text, a chunk's whole lines at a time
 * (a row cut between two chunks comes whole with the second).
 */
export async function* copyLines(source: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of source) {
    const lines = (pending + decoder.write(chunk)).split('\n');
    pending = lines.pop()!;
    yield lines;
  }
  pending += decoder.end();
  if (pending !== '') yield [pending];
}

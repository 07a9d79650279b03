/**
 * Splits a byte stream into its lines (without their newline), one batch per chunk: a restore
 * reads millions of rows, and a step of an async generator per line would cost more than
 * copying them. A last line without a newline is yielded too.
 */
export async function* lineBatches(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer[]> {
  // The start of a line that goes on in the next chunk, in pieces (a long line spans many).
  let partial: Buffer[] = [];
  for await (const chunk of source) {
    const lines: Buffer[] = [];
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, end);
      lines.push(partial.length > 0 ? Buffer.concat([...partial, piece]) : piece);
      partial = [];
      start = end + 1;
    }
    if (start < chunk.length) partial.push(chunk.subarray(start));
    if (lines.length > 0) yield lines;
  }
  if (partial.length > 0) yield [Buffer.concat(partial)];
}

/** A line longer than the reader's bound: the stream is not what it should be. */
export class LineTooLongError extends Error {
  constructor(readonly maxBytes: number) {
    super(`a line is longer than ${maxBytes} bytes`);
  }
}

/**
 * Splits a byte stream into its lines (without their newline), one batch per chunk: a restore
 * reads millions of rows, and a step of an async generator per line would cost more than
 * copying them. A last line without a newline is yielded too. A line that grows past
 * `maxLineBytes` throws as soon as it does, so that memory stays bounded whatever the stream
 * (a gzip bomb is gigabytes without a newline).
 */
export async function* lineBatches(
  source: AsyncIterable<Buffer>,
  maxLineBytes: number,
): AsyncGenerator<Buffer[]> {
  // The start of a line that goes on in the next chunk, in pieces (a long line spans many).
  let partial: Buffer[] = [];
  let partialBytes = 0;
  for await (const chunk of source) {
    const lines: Buffer[] = [];
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, end);
      if (partialBytes + piece.length > maxLineBytes) throw new LineTooLongError(maxLineBytes);
      lines.push(partial.length > 0 ? Buffer.concat([...partial, piece]) : piece);
      partial = [];
      partialBytes = 0;
      start = end + 1;
    }
    if (start < chunk.length) {
      partial.push(chunk.subarray(start));
      partialBytes += chunk.length - start;
      // Yields the whole lines first: the reader names the long line by its number.
      if (partialBytes > maxLineBytes) {
        if (lines.length > 0) yield lines;
        throw new LineTooLongError(maxLineBytes);
      }
    }
    if (lines.length > 0) yield lines;
  }
  if (partial.length > 0) yield [Buffer.concat(partial)];
}

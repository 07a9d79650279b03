/**
 * Follows the length of the line a byte stream is in, chunk by chunk, and calls `tooLong`
 * when one passes `max`: the writer's side of the bound the reader sets (line-batches.ts).
 * Only a line that spans chunks is measured: COPY's chunks are far shorter than `max`.
 */
export class LineLength {
  private current = 0;

  constructor(
    private readonly max: number,
    private readonly tooLong: () => never,
  ) {}

  add(chunk: Buffer): void {
    const first = chunk.indexOf(10);
    if (first === -1) {
      this.current += chunk.length;
    } else {
      if (this.current + first > this.max) this.tooLong();
      this.current = chunk.length - chunk.lastIndexOf(10) - 1;
    }
    if (this.current > this.max) this.tooLong();
  }
}

// PostgreSQL's binary COPY format for rows of text columns: a header, each row as its field
// count and each field's byte length and bytes, a trailer (the COPY documentation, "Binary
// Format"). Text needs no escaping in it, so a stored answer of a few kilobytes is written as it
// is and read by the server without unescaping; and a batch is one buffer, which a worker thread
// hands over without copying. (pg-copy-streams-binary writes the same format as a stream of one
// object a row, which a batch of thousands of rows would pay for on every row.)

/** The signature, no flags, no header extension. */
export const BINARY_COPY_HEADER = Buffer.from([
  ...Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
  ...[0, 0, 0, 0],
  ...[0, 0, 0, 0],
]);

/** A field count of -1 ends the data. */
export const BINARY_COPY_TRAILER = Buffer.from([0xff, 0xff]);

/** Rows of text fields, appended to one growing buffer. */
export class BinaryCopyRows {
  private buffer: Buffer;
  private length = 0;
  rows = 0;

  constructor(initialBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafeSlow(initialBytes);
  }

  add(fields: readonly string[]): void {
    // A UTF-16 code unit is at most three bytes of UTF-8.
    let most = 2;
    for (const field of fields) most += 4 + 3 * field.length;
    this.reserve(most);
    let at = this.buffer.writeInt16BE(fields.length, this.length);
    for (const field of fields) {
      const bytes = this.buffer.write(field, at + 4, 'utf8');
      this.buffer.writeInt32BE(bytes, at);
      at += 4 + bytes;
    }
    this.length = at;
    this.rows++;
  }

  /** The rows written, in a buffer of their own (its ArrayBuffer can be transferred). */
  take(): Buffer {
    const out = Buffer.from(new ArrayBuffer(this.length));
    this.buffer.copy(out, 0, 0, this.length);
    this.length = 0;
    this.rows = 0;
    return out;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}

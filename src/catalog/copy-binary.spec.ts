import { describe, expect, it } from '@jest/globals';
import { BINARY_COPY_HEADER, BINARY_COPY_TRAILER, BinaryCopyRows } from './copy-binary.js';

describe('BinaryCopyRows', () => {
  it('frames the data as PostgreSQL reads it', () => {
    expect(BINARY_COPY_HEADER).toEqual(
      Buffer.from('5047434f50590aff0d0a00' + '00000000' + '00000000', 'hex'),
    );
    expect(BINARY_COPY_TRAILER).toEqual(Buffer.from('ffff', 'hex'));
  });

  it('writes each row as its field count and each field as its UTF-8 length and bytes', () => {
    const rows = new BinaryCopyRows();
    rows.add(['p1', 'é\t\\n']);
    expect(rows.rows).toBe(1);
    expect(rows.take()).toEqual(
      Buffer.concat([
        Buffer.from('0002', 'hex'),
        Buffer.from('00000002', 'hex'),
        Buffer.from('p1'),
        Buffer.from('00000005', 'hex'), // é is two bytes; nothing is escaped
        Buffer.from('é\t\\n'),
      ]),
    );
  });

  it('grows past its first buffer and starts afresh after each take', () => {
    const rows = new BinaryCopyRows(8);
    const long = 'x'.repeat(10_000);
    rows.add(['a', long]);
    rows.add(['b', '€']);
    const taken = rows.take();
    expect(taken.length).toBe(2 + 4 + 1 + 4 + 10_000 + 2 + 4 + 1 + 4 + 3);
    expect(taken.buffer.byteLength).toBe(taken.length); // whole, so it can be transferred
    expect(rows.rows).toBe(0);
    rows.add(['c', '']);
    expect(rows.take()).toEqual(Buffer.from('0002' + '00000001' + '63' + '00000000', 'hex'));
  });
});

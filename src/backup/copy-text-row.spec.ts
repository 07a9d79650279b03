import { describe, expect, it } from '@jest/globals';
import { rowProblem } from './copy-text-row.js';

const columns = ['id', 'name', 'note'];
const problem = (row: string | Buffer) =>
  rowProblem(typeof row === 'string' ? Buffer.from(row) : row, columns);

describe(rowProblem.name, () => {
  it('takes the rows COPY TO writes: tabs, \\N nulls and its own escapes', () => {
    expect(problem('1\tOne\t\\N')).toBeUndefined();
    expect(problem('1\tTab\\there\\\\ and \\n \\r \\b \\f \\v\tcafé ☕')).toBeUndefined();
    expect(problem('\\N\t\t')).toBeUndefined();
  });

  it('names what is wrong, and in which column', () => {
    expect(problem('1\tOne')).toBe('2 values where the table has 3 columns');
    expect(problem('1\tOne\tx\textra')).toBe('4 values where the table has 3 columns');
    expect(problem(Buffer.from([0x31, 9, 0xff, 9, 0x78]))).toBe('not UTF-8 text');
    expect(problem('1\tO\0ne\tx')).toBe('a NUL byte in column name');
    expect(problem('1\tOne\tx\r')).toBe('a raw carriage return in column note');
    expect(problem('1\t\\000\tx')).toBe('an escape COPY never writes (\\0) in column name');
    expect(problem('1\tOne\t\\x41')).toBe('an escape COPY never writes (\\x) in column note');
    expect(problem('1\ta\\N\tx')).toBe('an escape COPY never writes (\\N) in column name');
    expect(problem('1\tOne\tx\\')).toBe(
      'an escape COPY never writes (\\ at its end) in column note',
    );
  });
});

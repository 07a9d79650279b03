import pg from 'pg';

/**
 * PostgreSQL's refusal of a row of the backup (a value of the wrong type, a number out of
 * range, a duplicate key, a missing parent), in one line that says where: the file's line,
 * table and column. Its COPY context counts lines from the table's first row; anything
 * else is returned as it is.
 */
export function copyFailure(
  file: string,
  table: { table: string; line: number },
  error: unknown,
): unknown {
  if (!(error instanceof pg.DatabaseError)) return error;
  const context = /^COPY [^,]+, line (\d+)(?:, column ([^:]+))?/.exec(error.where ?? '');
  if (!context) return error;
  const column = context[2] ? `.${context[2]}` : '';
  const line = table.line + Number(context[1]);
  return new Error(`${file} line ${line} (${table.table}${column}): ${error.message}`);
}

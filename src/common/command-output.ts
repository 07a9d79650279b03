// What the admin commands print: text tables for people, JSON for scripts (--json).

/** A date as the tables show it; "-" for none. */
export const when = (date: Date | null) => (date ? date.toISOString() : '-');

/** Rows (the first one the header) in columns padded to their widest cell. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return (
    rows
      .map((r) =>
        r
          .map((c, i) => c.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

/** A value as indented JSON on stdout (--json). */
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

/** A count and its noun, singular for one: "1 offer", "1,204 offers". */
export const counted = (n: number, singular: string, plural = `${singular}s`): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`;

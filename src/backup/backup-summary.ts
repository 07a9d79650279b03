// How backup and restore describe a backup's content: in one line for people, as JSON for
// scripts (--json).

/** The tables a person looks for first in a summary. */
const HEADLINE = ['products', 'api_keys', 'accounts'];

const count = (n: number) => n.toLocaleString('en-US');

/** "17 tables, 1,234 rows: products 206, api_keys 2, accounts 1" */
export function describeTables(tables: Record<string, number>): string {
  const headline = HEADLINE.filter((t) => t in tables).map((t) => `${t} ${count(tables[t]!)}`);
  return (
    `${Object.keys(tables).length} tables, ${count(totalRows(tables))} rows` +
    (headline.length > 0 ? ` (${headline.join(', ')})` : '')
  );
}

export function totalRows(tables: Record<string, number>): number {
  return Object.values(tables).reduce((sum, n) => sum + n, 0);
}

/** "1.2 MB" */
export function describeSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

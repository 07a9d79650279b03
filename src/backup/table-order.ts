/** A foreign key: `table` refers to `references`. */
export interface ForeignKey {
  table: string;
  references: string;
}

/**
 * The tables with every referenced one before those that refer to it, so that a restore loads
 * them in one transaction with every foreign key checked as it goes (no superuser needed to
 * turn the checks off). Otherwise alphabetical, so that two backups of one schema agree.
 */
export function parentsFirst(tables: string[], keys: ForeignKey[]): string[] {
  const known = new Set(tables);
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { table, references } of keys) {
    if (table !== references && known.has(references)) parents.get(table)?.add(references);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = [...tables]
      .sort()
      .find((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready === undefined) {
      const left = tables.filter((t) => !placed.has(t)).join(', ');
      throw new Error(`the foreign keys of ${left} refer to each other in a loop`);
    }
    ordered.push(ready);
    placed.add(ready);
  }
  return ordered;
}

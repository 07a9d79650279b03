import { SOURCE_TYPES, type SourceType } from '../taxonomy/taxonomy.js';

// One order for sources everywhere they are listed (source_consensus, highlight details):
// measured evidence first (lab, expert, users, community), then by name. Plain code-unit
// comparison rather than localeCompare, so the order never depends on the host's locale.

interface Sourced {
  source: string;
  sourceType: SourceType;
}

export const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function compareSources(a: Sourced, b: Sourced): number {
  return (
    SOURCE_TYPES.indexOf(a.sourceType) - SOURCE_TYPES.indexOf(b.sourceType) ||
    compareText(a.source, b.source)
  );
}

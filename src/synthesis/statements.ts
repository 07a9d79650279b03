import type { TitleDetail } from './highlights.js';
import { normaliseName } from '../names/name-normaliser.js';
import { compareSources, compareText } from './source-order.js';
import type { ReviewRecord } from './synthesis.types.js';
import { count, joinList } from './wording.js';

// The pros and cons sources state (catalog-format.md), as highlights and considerations.
// The same point made by several sources is one entry naming them all: texts are grouped by
// their folded form (case, accents, punctuation and spacing ignored, as for product names).
// Entries are ordered by how many sources state them, then by the first source to state them
// (source order), then by text; at most MAX_STATEMENTS, so a product with a hundred sources
// still gives a readable answer.

export const MAX_STATEMENTS = 10;

interface Group {
  text: string;
  first: ReviewRecord;
  sources: ReviewRecord[];
}

export const foldStatement = (text: string): string => normaliseName(text).replace(/ +/g, ' ');

export function statements(
  reviews: readonly ReviewRecord[],
  pick: (review: ReviewRecord) => readonly string[],
): TitleDetail[] {
  const groups = new Map<string, Group>();
  for (const review of [...reviews].sort(compareSources)) {
    for (const text of pick(review)) {
      const key = foldStatement(text);
      if (key === '') continue;
      const group = groups.get(key);
      if (!group) groups.set(key, { text: text.trim(), first: review, sources: [review] });
      else if (!group.sources.includes(review)) group.sources.push(review);
    }
  }
  return [...groups.values()]
    .sort(
      (a, b) =>
        b.sources.length - a.sources.length ||
        compareSources(a.first, b.first) ||
        compareText(a.text, b.text),
    )
    .slice(0, MAX_STATEMENTS)
    .map(toTitleDetail);
}

function toTitleDetail(group: Group): TitleDetail {
  const names = group.sources.map((s) => s.source);
  return {
    title: group.text,
    detail: `Stated by ${count(names.length, 'source')}: ${joinList(names)}.`,
    sources: names,
  };
}

export const pros = (reviews: readonly ReviewRecord[]): TitleDetail[] =>
  statements(reviews, (r) => r.pros);

export const cons = (reviews: readonly ReviewRecord[]): TitleDetail[] =>
  statements(reviews, (r) => r.cons);

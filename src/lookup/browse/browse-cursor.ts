import { z } from 'zod';

// The cursor of a category's pages (docs/decisions.md, "Browsing a category"): the sort and the
// category it was made for, and where the page ended in that sort's order, as base64url JSON.
// The next page starts after that row (keyset pagination), so a page never repeats or skips a
// product because another page was read meanwhile, and reading page 50 costs what page 1 does.

export const BROWSE_SORTS = ['score', 'price'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];

/**
 * A row's place in its sort's order, compared column by column, each ascending: whether it
 * lacks the sort's first value (a rank; a price), that value (0 when it lacks it), its
 * service_score negated (higher first), and its product id.
 */
export type PagePosition = [lacking: boolean, value: number, negatedScore: number, id: string];

export interface PageCursor {
  sort: BrowseSort;
  /** The category key it was made for. */
  category: string;
  after: PagePosition;
}

/** Longer than any cursor this service makes (an id is at most a catalog line's field). */
export const MAX_CURSOR_LENGTH = 2_048;

const cursorSchema = z.strictObject({
  sort: z.enum(BROWSE_SORTS),
  category: z.string(),
  after: z.tuple([
    z.boolean(),
    z.number(),
    z.number(),
    // PostgreSQL text holds no NUL: such an id could only fail the statement.
    z.string().regex(/^[^\0]*$/),
  ]),
});

export const encodeCursor = (cursor: PageCursor): string =>
  Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

/** The cursor `text` encodes, or undefined when it is none this service made. */
export function decodeCursor(text: string): PageCursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length > MAX_CURSOR_LENGTH) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = cursorSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

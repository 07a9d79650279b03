// A category's key: the URL-safe name of the catalog's free-text category that browsing goes by
// (docs/decisions.md, "Browsing a category").

/** The key a name folds to: accents dropped, lower case, runs of anything else one "-". */
export function categorySlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug === '' ? 'category' : slug;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Each name's key, unique among them. Of names that fold to one key, the first by name keeps
 * it and the others get "-2", "-3"… in name order, skipping any key another name folds to:
 * a name alone on its key always keeps it, so adding a category never renames an unrelated one.
 */
export function categoryKeys(names: Iterable<string>): Map<string, string> {
  const folded = new Map<string, string[]>();
  for (const name of [...new Set(names)].sort(byCodeUnits)) {
    const slug = categorySlug(name);
    folded.set(slug, [...(folded.get(slug) ?? []), name]);
  }
  const taken = new Set(folded.keys());
  const keys = new Map<string, string>();
  for (const [slug, [first, ...others]] of folded) {
    keys.set(first!, slug);
    let n = 2;
    for (const name of others) {
      while (taken.has(`${slug}-${n}`)) n++;
      taken.add(`${slug}-${n}`);
      keys.set(name, `${slug}-${n}`);
    }
  }
  return keys;
}

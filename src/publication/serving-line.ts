import { counted } from '../common/command-output.js';
import type { Publication } from './publication.sql.js';

/**
 * The log line of an instance that starts serving a publication: which one, what made it and
 * what it holds, so that an operator sees when each instance took an import or a feed.
 */
export function servingLine(publication: Publication): string {
  const made = publication.curated
    ? 'an alias confirmed or removed'
    : publication.feedRetailer != null
      ? `the offers feed of ${JSON.stringify(publication.feedRetailer)}`
      : publication.replaced
        ? 'a catalog import that replaced the catalog'
        : 'a catalog import';
  return (
    `Serving catalog publication ${publication.id} of ${publication.publishedAt.toISOString()} ` +
    `(${made}): ${counted(publication.products ?? 0, 'product')}, ` +
    `${counted(publication.reviews ?? 0, 'review')}, ${counted(publication.offers ?? 0, 'offer')}`
  );
}

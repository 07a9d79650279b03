import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTag } from 'saxes';
import { MERCHANT_ATTRIBUTES, type FeedProblem, type RawFeedItem } from './feed-item.js';

/** By local name: `g:price` is `price`. */
const FIELDS: Readonly<Record<string, keyof RawFeedItem>> = MERCHANT_ATTRIBUTES;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** What an XML feed holds: its items and problems, and the shop's name (the channel's title). */
export interface XmlFeed {
  items: AsyncGenerator<RawFeedItem | FeedProblem>;
  /** Known once the items are read: the channel's (RSS) or feed's (Atom) own title. */
  title(): string | undefined;
}

/**
 * The items of a Google Merchant Center feed in XML: RSS 2.0 (`<channel><item>`) or Atom
 * (`<feed><entry>`), attributes in the `g:` namespace or unprefixed, streamed with saxes (a
 * feed of a hundred thousand items is never a tree in memory). Atom's `<link href>` is read.
 * A sale price, when given, is the price. Malformed XML ends the feed with one problem.
 */
export function merchantXmlItems(file: string): XmlFeed {
  let shop: string | undefined;
  async function* items(): AsyncGenerator<RawFeedItem | FeedProblem> {
    const parser = new SaxesParser({ position: true });
    const stack: string[] = [];
    const ready: (RawFeedItem | FeedProblem)[] = [];
    let item: RawFeedItem | undefined;
    let text = '';
    let salePrice: string | undefined;
    let failed: string | undefined;
    parser.on('error', (error) => {
      failed ??= `not well-formed XML: ${error.message}`;
    });
    parser.on('opentag', (tag: SaxesTag) => {
      const name = localName(tag.name);
      stack.push(name);
      text = '';
      if (name === 'item' || name === 'entry') item = { line: parser.line };
      else if (item && name === 'link' && typeof tag.attributes.href === 'string')
        item.link = tag.attributes.href;
    });
    parser.on('text', (chunk) => (text += chunk));
    parser.on('cdata', (chunk) => (text += chunk));
    parser.on('closetag', () => {
      const name = stack.pop()!;
      const parent = stack.at(-1);
      const value = text.trim();
      text = '';
      if ((name === 'item' || name === 'entry') && item) {
        if (salePrice) item.price = salePrice;
        ready.push(item);
        item = undefined;
        salePrice = undefined;
      } else if (item && (parent === 'item' || parent === 'entry') && value) {
        if (name === 'sale_price') salePrice = value;
        else if (FIELDS[name]) item[FIELDS[name]] = value as never;
      } else if (!item && name === 'title' && (parent === 'channel' || parent === 'feed')) {
        shop = value || undefined;
      }
    });
    for await (const chunk of createReadStream(file, {
      encoding: 'utf8',
    }) as AsyncIterable<string>) {
      parser.write(chunk);
      yield* ready.splice(0);
      if (failed) break;
    }
    if (!failed) parser.close();
    yield* ready.splice(0);
    if (failed) yield { line: parser.line, message: failed };
  }
  return { items: items(), title: () => shop };
}

import path from 'node:path';
import { SaxesParser, type SaxesTag } from 'saxes';
import {
  FeedFormatError,
  MERCHANT_ATTRIBUTES,
  type FeedProblem,
  type RawFeedItem,
} from './feed-item.js';
import { InvalidUtf8Error, MAX_RECORD_BYTES, utf8Text } from './utf8-text.js';

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
 * A sale price, when given, is the price. A feed that is not well-formed XML (an undefined
 * entity included), declares entities, is not UTF-8, or with more than MAX_RECORD_BYTES characters between two tags
 * is refused whole (FeedFormatError): the items before the fault are not published either, and
 * no field is read whole before it is measured.
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
    // Where the last tag ended: saxes keeps the text since then, so that is what is bounded.
    let lastTag = 0;
    const refuse = (message: string) =>
      new FeedFormatError(`${path.basename(file)} line ${parser.line}: ${message}`);
    parser.on('opentag', (tag: SaxesTag) => {
      lastTag = parser.position;
      const name = localName(tag.name);
      stack.push(name);
      text = '';
      if (name === 'item' || name === 'entry') item = { line: parser.line };
      else if (item && name === 'link' && typeof tag.attributes.href === 'string')
        item.link = tag.attributes.href;
    });
    // A feed needs no entity of its own: one declared is refused even where it is never used
    // (none is ever expanded; undeclared ones are not well-formed).
    parser.on('doctype', (doctype) => {
      if (/<!ENTITY/i.test(doctype))
        throw refuse('its DOCTYPE declares entities; a feed needs none');
    });
    parser.on('text', (chunk) => (text += chunk));
    parser.on('cdata', (chunk) => (text += chunk));
    parser.on('closetag', () => {
      lastTag = parser.position;
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
    // saxes throws at the first fault (no error handler is set), before its items are given.
    const write = (chunk: string | null) => {
      try {
        if (chunk === null) parser.close();
        else parser.write(chunk);
      } catch (error) {
        if (error instanceof FeedFormatError) throw error;
        const reason = (error as Error).message.replace(/^[\d:]*\s*/, '').replace(/\.$/, '');
        throw refuse(`not well-formed XML (${reason})`);
      }
      if (parser.position - lastTag > MAX_RECORD_BYTES)
        throw refuse(`more than ${MAX_RECORD_BYTES} characters without a tag`);
    };
    try {
      for await (const chunk of utf8Text(file)) {
        write(chunk);
        yield* ready.splice(0);
      }
    } catch (error) {
      if (error instanceof InvalidUtf8Error)
        throw new FeedFormatError(`${path.basename(file)}: ${error.message}`);
      throw error;
    }
    write(null);
    yield* ready.splice(0);
  }
  return { items: items(), title: () => shop };
}

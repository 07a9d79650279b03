import { describe, expect, it } from '@jest/globals';
import { jsonLdBlocks } from './json-ld-blocks.js';
import { MAX_RECORD_BYTES } from './utf8-text.js';

/** The page's text cut into chunks of `size` characters, as a stream gives it. */
function* chunks(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

const all = async (text: Iterable<string>, html = true) => {
  const found = [];
  for await (const block of jsonLdBlocks(text, html)) found.push(block);
  return found;
};

const PAGE = `<html><head>
<script src="app.js"></script>
<SCRIPT data-x="1" TYPE = 'application/ld+json' id=a>{"@type": "WebSite"}</SCRIPT >
<script type="text/javascript">var s = "<script>";</script>
</head><body>
<script type=application/ld+json>
{"@type": "Product",
 "name": "Lamp"}
</script
>
</body></html>`;

describe(jsonLdBlocks.name, () => {
  it('finds every block, with its line, however the page is cut into chunks', async () => {
    const blocks = [
      { line: 3, json: '{"@type": "WebSite"}' },
      { line: 6, json: '\n{"@type": "Product",\n "name": "Lamp"}\n' },
    ];
    expect(await all([PAGE])).toEqual(blocks);
    for (const size of [1, 2, 3, 5, 7, 8, 13, 40])
      expect([size, await all(chunks(PAGE, size))]).toEqual([size, blocks]);
  });

  it('finds none in a page without one, and none in a block left open', async () => {
    expect(await all(chunks('<html><script>var a = 1;</script><p>x</p></html>', 4))).toEqual([]);
    expect(await all(['<script type="application/ld+json">{"a": 1}'])).toEqual([]);
  });

  it('gives a JSON file whole, as one block', async () => {
    expect(await all(chunks('{"@type": "Product",\n"name": "<script>"}', 3), false)).toEqual([
      { line: 1, json: '{"@type": "Product",\n"name": "<script>"}' },
    ]);
  });

  it('skips any length of HTML, and refuses more JSON-LD than the bound', async () => {
    const html = '<p>ordinary text</p>\n'.repeat(100_000); // 2 MB of page
    const small = '<script type="application/ld+json">{"a": 1}</script>\n';
    expect(await all(chunks(html + small + html, 65_536))).toEqual([
      { line: 100_001, json: '{"a": 1}' },
    ]);
    // Tags left open, or not a block's, cost a pass each, not one for every `<script` in them.
    const open = '<script '.repeat(300_000);
    expect(await all(chunks(`${open}\n${open}>${small}`, 65_536))).toEqual([
      { line: 2, json: '{"a": 1}' },
    ]);
    const refused = {
      line: 100_002,
      error: 'JSON-LD longer than 1048576 characters: the page is not read past it',
    };
    const big = `<script type="application/ld+json">"${'x'.repeat(MAX_RECORD_BYTES)}"</script>`;
    expect(await all(chunks(html + small + big + small, 65_536))).toEqual([
      { line: 100_001, json: '{"a": 1}' },
      refused,
    ]);
    // The page's blocks together: each is kept until the page is read.
    const half = `<script type="application/ld+json">"${'x'.repeat(MAX_RECORD_BYTES / 2)}"</script>`;
    expect((await all(chunks(`\n${half}\n${half}`, 65_536))).at(-1)).toEqual({
      line: 3,
      error: refused.error,
    });
    expect(await all(chunks(`"${'x'.repeat(MAX_RECORD_BYTES)}"`, 65_536), false)).toEqual([
      { line: 1, error: refused.error },
    ]);
  });
});

import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsonArrayItems, type ArrayItem } from './json-array-items.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'json-array-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

async function items(text: string): Promise<ArrayItem[]> {
  const file = path.join(dir, `${n++}.json`);
  writeFileSync(file, text);
  const found: ArrayItem[] = [];
  for await (const item of jsonArrayItems(file)) found.push(item);
  return found;
}

describe(jsonArrayItems.name, () => {
  it('gives each item on one line with the line it starts on', async () => {
    const found = await items(
      '\uFEFF[\n  {\n    "a": "x, ]}",\n    "b": [1, {"c": 2}]\n  },\n  {"a": "\\"q"}\n]\n',
    );
    expect(found).toEqual([
      { item: 1, line: 2, text: '{     "a": "x, ]}",     "b": [1, {"c": 2}]   }' },
      { item: 2, line: 6, text: '{"a": "\\"q"}' },
    ]);
    for (const item of found)
      if ('text' in item) expect(() => JSON.parse(item.text) as unknown).not.toThrow();
  });

  it('reads an empty array as no items', async () => {
    expect(await items(' [ ] ')).toEqual([]);
  });

  it('leaves invalid JSON inside an item to the line reader', async () => {
    expect(await items('[{"a": tru}, 7]')).toEqual([
      { item: 1, line: 1, text: '{"a": tru}' },
      { item: 2, line: 1, text: '7' },
    ]);
  });

  it('says where the array is broken', async () => {
    expect(await items('{"a": 1}')).toEqual([
      { item: 0, line: 1, error: 'a JSON array must start with [', ends: true },
    ]);
    expect(await items('[{"a": 1},\n{"a": 2}')).toEqual([
      { item: 1, line: 1, text: '{"a": 1}' },
      {
        item: 2,
        line: 2,
        error: 'the file ends inside the array: its closing ] is missing',
        ends: true,
      },
    ]);
    expect((await items('[{"a": 1},,{"a": 2}]')).at(-1)).toMatchObject({
      item: 2,
      error: 'an item is missing between two commas',
    });
    expect((await items('[{"a": 1}] x')).at(-1)).toMatchObject({
      error: 'text after the end of the array (its closing ])',
    });
    expect(await items('  \n')).toEqual([
      { item: 0, line: 2, error: 'the file is empty: a JSON array was expected', ends: true },
    ]);
  });
});

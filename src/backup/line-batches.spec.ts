import { describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { lineBatches } from './line-batches.js';

async function lines(chunks: string[]): Promise<string[]> {
  const all: string[] = [];
  for await (const batch of lineBatches(Readable.from(chunks.map((c) => Buffer.from(c))))) {
    all.push(...batch.map((line) => line.toString()));
  }
  return all;
}

describe(lineBatches.name, () => {
  it('gives each line once, however the chunks cut them', async () => {
    expect(await lines(['a\nb', 'c\n', '\nd'])).toEqual(['a', 'bc', '', 'd']);
    expect(await lines(['lo', 'ng', ' line', '\n'])).toEqual(['long line']);
    expect(await lines([])).toEqual([]);
  });
});

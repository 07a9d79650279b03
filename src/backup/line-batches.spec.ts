import { describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { LineTooLongError, lineBatches } from './line-batches.js';

async function lines(chunks: string[], max = 100): Promise<string[]> {
  const all: string[] = [];
  for await (const batch of lineBatches(Readable.from(chunks.map((c) => Buffer.from(c))), max)) {
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

  it('throws as soon as a line grows past the bound, whether it ends or not', async () => {
    expect(await lines(['abcd\n', 'ab', 'cd'], 4)).toEqual(['abcd', 'abcd']);
    await expect(lines(['ab', 'cd', 'e\n'], 4)).rejects.toThrow(LineTooLongError);
    await expect(lines(['ab\nabcde'], 4)).rejects.toThrow(LineTooLongError);
    // An endless line: refused after the first chunk past the bound, never read to its end.
    let read = 0;
    const endless = (function* () {
      for (;;) {
        read++;
        yield Buffer.alloc(10, 'a');
      }
    })();
    const batches = lineBatches(Readable.from(endless), 25);
    await expect(batches.next()).rejects.toThrow(LineTooLongError);
    expect(read).toBe(3);
  });
});

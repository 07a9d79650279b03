import { describe, expect, it } from '@jest/globals';
import { sentAgain, writtenOnce } from './written-json.js';

describe('writtenOnce', () => {
  it('writes a body marked as sent again once, as JSON.stringify does', () => {
    const body = sentAgain({ found: true, name: 'Sony WH-1000XM5', offers: [{ price: 1.5 }] });
    const json = writtenOnce(body);
    expect(json?.text).toBe(JSON.stringify(body));
    expect(json?.bytes.toString('utf8')).toBe(json?.text);
    // The same text, not written again: a change after marking would not show (never allowed).
    (body as { name: string }).name = 'changed';
    expect(writtenOnce(body)).toBe(json);
  });

  it('leaves every other body to be written per response', () => {
    expect(writtenOnce({ found: false })).toBeUndefined();
    expect(writtenOnce('text')).toBeUndefined();
    expect(writtenOnce(null)).toBeUndefined();
  });
});

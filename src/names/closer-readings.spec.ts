import { describe, expect, it } from '@jest/globals';
import { closerReading, outread } from './closer-readings.js';
import { product, read } from './title-reading.fixtures.js';

/** Each product's reading of the query, by its first name. */
function readings(query: string, products: ReturnType<typeof product>[]) {
  const read_ = read(query, products);
  return read_.map((r, i) => ({ name: products[i]!.names[0]!, reading: r.reading! }));
}

describe(closerReading.name, () => {
  const video = product('Sandy', 'Sansa Fuze 4 GB Video MP3 Player Black');
  const plain = product('Sandy', 'Sansa Fuze 4 GB MP3 Player Black');

  it('names a candidate that names as much of the query and leaves less unsaid', () => {
    const [v, p] = readings('Sandy Sansa Fuze 4 GB', [video, plain]);
    // The longer name is a title: what it leaves unsaid costs less, and it scores higher.
    expect(read('Sandy Sansa Fuze 4 GB', [video, plain])[0]!.score).toBeGreaterThan(0.8);
    expect(closerReading(v!.reading, [v!, p!])).toBe('sansa fuze 4 gb mp3 player black');
    expect(closerReading(p!.reading, [v!, p!])).toBeUndefined();
  });

  it('lets a word of the query that only one name carries tell them apart', () => {
    const [v, p] = readings('Sandy Sansa Fuze 4 GB Video', [video, plain]);
    expect(closerReading(v!.reading, [v!, p!])).toBeUndefined();
  });

  it('reads the query as the matcher does, however it is spaced', () => {
    const twelve = product('Nvidia', 'RTX A2000 12GB');
    const bare = product('Nvidia', 'RTX A2000');
    const [t, b] = readings('Nvidia rtx a 2000 12 gb card', [twelve, bare]);
    expect(t!.reading.named).toContain('12gb');
    expect(closerReading(t!.reading, [t!, b!])).toBeUndefined();
  });

  it('lets only the query tell apart two names of one maker that leave words unsaid', () => {
    const white = { named: ['brother', '1in', 'black'], unsaid: ['on', 'white', 'tape'] };
    const yellow = { named: ['brother', '1in', 'black'], unsaid: ['on', 'yellow'] };
    const others = [
      { name: 'white', reading: white, maker: 'brother' },
      { name: 'yellow', reading: yellow, maker: 'brother' },
    ];
    expect(closerReading(white, others, 'brother')).toBe('yellow');
    // Another maker's name (a third party's "for Brother ...") does not stand in the way.
    expect(closerReading(white, [others[0]!, { ...others[1]!, maker: 'acme' }], 'brother')).toBe(
      undefined,
    );
    // A name the query names whole is told from one that says more.
    const whole = { named: ['canon', 'eos', 'r6'], unsaid: [] };
    const mark = { named: ['canon', 'eos', 'r6'], unsaid: ['mark', '2'] };
    const cameras = [
      { name: 'r6', reading: whole, maker: 'canon' },
      { name: 'r6 mark ii', reading: mark, maker: 'canon' },
    ];
    expect(closerReading(whole, cameras, 'canon')).toBeUndefined();
  });

  it('names each of two readings alike: neither is found over the other', () => {
    const again = product('Sandy', 'Sansa Fuze 4 GB MP3 Player Black');
    const [a, b] = readings('Sandy Sansa Fuze 4 GB', [plain, again]);
    expect(closerReading(a!.reading, [a!, b!])).toBe(b!.name);
    expect(closerReading(b!.reading, [a!, b!])).toBe(a!.name);
  });
});

describe(outread.name, () => {
  const scored = (name: string, score: number) => ({
    productId: name,
    name,
    score,
    suggestionScore: score,
  });
  it('marks only a candidate that could be found, and names the closer one in its notes', () => {
    const long = { named: ['sansa', 'fuze', '4gb'], unsaid: ['video', 'player'] };
    const short = { named: ['sansa', 'fuze', '4gb'], unsaid: ['player'] };
    const [a, b] = outread([
      { scored: scored('long', 0.88), notes: [], reading: long },
      { scored: scored('short', 0.68), notes: [], reading: short },
    ]);
    expect(a!.scored.outreadBy).toBe('short');
    expect(a!.notes.join(' ')).toMatch(/"short" names as much of the query/);
    expect(b!.scored.outreadBy).toBeUndefined();
    // Below the line, nothing is marked: it could not be found anyway.
    const [low] = outread([
      { scored: scored('long', 0.7), notes: [], reading: long },
      { scored: scored('short', 0.68), notes: [], reading: short },
    ]);
    expect(low!.scored.outreadBy).toBeUndefined();
  });
  it("reads any of another candidate's names, not only its best-scored one, never its own", () => {
    const title = { named: ['epson', 'erc', 'ribbon', 'cassette'], unsaid: ['black', 'm', '160'] };
    // The rival's alias scores higher than its name, but the name names the query as closely.
    const alias = { named: ['epson', 'erc'], unsaid: ['38b'] };
    const name = { named: ['epson', 'erc', 'ribbon', 'cassette'], unsaid: ['tmu200d', 'black'] };
    const [a] = outread([
      { scored: scored('erc 09b', 0.84), notes: [], reading: title, maker: 'epson' },
      {
        scored: scored('erc 38b', 0.44),
        notes: [],
        reading: alias,
        otherReadings: [name],
        maker: 'epson',
      },
    ]);
    expect(a!.scored.outreadBy).toBe('erc 38b');
    // A candidate's own other names never stand in its way.
    const [own] = outread([
      {
        scored: scored('erc 09b', 0.84),
        notes: [],
        reading: title,
        otherReadings: [name],
        maker: 'epson',
      },
    ]);
    expect(own!.scored.outreadBy).toBeUndefined();
  });
});

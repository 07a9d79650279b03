// How a lookup's text is changed for each kind of query: noise that keeps the folded form,
// typing errors in letters-only words, and Unicode look-alikes. Each takes the seeded PRNG.
import { fold } from './clean.mjs';

const NO_TYPO = new Set(['pro', 'max', 'plus', 'ultra', 'mini', 'lite', 'se']);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Words of a lookup that may carry a typo: letters only, long enough, not a tier word. */
export function typoWords(text, min) {
  return text
    .split(/[\s/-]+/)
    .filter((w) => /^[A-Za-z]+$/.test(w) && w.length >= min && !NO_TYPO.has(w.toLowerCase()));
}

const sameCase = (model, c) => (model === model.toUpperCase() ? c.toUpperCase() : c);

/** One edit at position i: deletion, transposition, substitution or doubling. */
function edit(rng, word, i) {
  const op = rng.pick(['delete', 'swap', 'substitute', 'double']);
  if (op === 'delete') return { word: word.slice(0, i) + word.slice(i + 1), op };
  if (op === 'swap') {
    if (i + 1 >= word.length || word[i].toLowerCase() === word[i + 1].toLowerCase()) return null;
    return { word: word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2), op };
  }
  if (op === 'double') return { word: word.slice(0, i + 1) + word[i] + word.slice(i + 1), op };
  const others = [...LETTERS].filter((c) => c !== word[i].toLowerCase());
  const c = sameCase(word[i], rng.pick(others));
  return { word: word.slice(0, i) + c + word.slice(i + 1), op };
}

/**
 * `edits` typing errors in one letters-only word of text (at least `min` letters), never making
 * a word of the vocabulary. Returns { query, typo } or null.
 */
export function typo(rng, text, vocabulary, min, edits) {
  const words = typoWords(text, min);
  for (let attempt = 0; attempt < 30 && words.length > 0; attempt++) {
    const original = rng.pick(words);
    let word = original;
    const used = [];
    for (let k = 0; k < edits && word !== null; k++) {
      let i = 1 + rng.int(word.length - 1); // the first letter is kept, as most typos do
      if (used.some((j) => Math.abs(j - i) < 2)) i = -1;
      const e = i < 0 ? null : edit(rng, word, i);
      word = e === null ? null : e.word;
      used.push(i);
    }
    if (word === null || word.toLowerCase() === original.toLowerCase()) continue;
    if (vocabulary.has(word.toLowerCase())) continue;
    const re = new RegExp(`(^|[\\s/-])${original}(?=$|[\\s/-])`);
    const query = text.replace(re, `$1${word}`);
    if (query === text) continue;
    return { query, typo: `${original} -> ${word}` };
  }
  return null;
}

const FULL_WIDTH = (s) =>
  [...s]
    .map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c))
    .join('');
const ACCENTS = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', A: 'Á', E: 'É', I: 'Í', O: 'Ö', U: 'Ü' };

/** brand + name with a trademark sign, a no-break space, full-width letters or an accent. */
export function unicodeNoise(rng, brand, name) {
  const options = [
    ['registered sign', () => `${brand}® ${name}`],
    ['trademark sign', () => `${brand} ${name}™`],
    ['no-break space', () => `${brand}\u00a0${name.replaceAll(' ', '\u00a0')}`],
    ['full-width brand', () => `${FULL_WIDTH(brand.toUpperCase())} ${name}`],
    ['full-width', () => FULL_WIDTH(`${brand} ${name}`)],
    [
      'accent',
      () => {
        const i = [...name].findIndex((c, k) => ACCENTS[c] && /[A-Za-z]/.test(name[k - 1] ?? ''));
        return i < 0 ? null : `${brand} ${name.slice(0, i)}${ACCENTS[name[i]]}${name.slice(i + 1)}`;
      },
    ],
  ];
  for (const [kind, make] of rng.shuffle(options)) {
    const query = make();
    if (query !== null && fold(query) === fold(`${brand} ${name}`)) return { query, kind };
  }
  return null;
}

/** Case, punctuation and spacing changed so that the folded form stays the same. */
export function noise(rng, brand, name) {
  const names = [
    (n) => n.replace(/([A-Za-z])(\d)/, '$1 $2'), // a model code split
    (n) => n.replace(/(\d)([A-Za-z])/, '$1 $2'),
    (n) => n.replace(/\b([A-Za-z]+)[ -](\d)/, '$1$2'), // joined
    (n) => n.replaceAll('-', ''), // hyphens removed or moved
    (n) => n.replaceAll('-', ' '),
    (n) => n.replace(/([A-Za-z])(\d)/, '$1-$2'),
    (n) => n,
  ];
  const joins = [
    (b, n) => `${b} ${n}`,
    (b, n) => `${b}${n}`, // brand glued to the model
    (b, n) => `${b} - ${n}`,
    (b, n) => `${b}_${n.replaceAll(' ', '_')}`,
  ];
  const cases = [
    (s) => s.toLowerCase(),
    (s) => s.toUpperCase(),
    (s) => [...s].map((c) => (rng.chance(0.5) ? c.toUpperCase() : c.toLowerCase())).join(''),
    (s) => `  ${s.replaceAll(' ', '  ')} `,
    (s) => s,
  ];
  const plain = `${brand} ${name}`;
  for (let attempt = 0; attempt < 12; attempt++) {
    const query = rng.pick(cases)(rng.pick(joins)(brand, rng.pick(names)(name)));
    if (query.trim() !== plain && fold(query) === fold(plain)) return query;
  }
  return null;
}

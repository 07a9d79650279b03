// The terms a normalised name is indexed and searched by, used when the catalog is imported
// and when a query is resolved, so the two always meet. Resolution narrows a million names to
// a few dozen candidates by the query's rarest terms, never by trigrams common to most names.
//
// The terms are the name's words, and adjacent words joined, so that spacing never matters:
// "wh 1000xm5" is also "wh1000xm5", and "iphone 15" also "iphone15". Joins of three words are
// kept only when they carry a digit, as model codes split in three do ("wh 1000 xm5").

const HAS_DIGIT = /\d/;

export function searchTerms(normalised: string): string[] {
  const words = normalised.split(' ').filter(Boolean);
  const terms = new Set(words);
  for (let i = 0; i + 1 < words.length; i++) {
    terms.add(words[i]! + words[i + 1]!);
    const three = i + 2 < words.length ? words[i]! + words[i + 1]! + words[i + 2]! : '';
    if (HAS_DIGIT.test(three)) terms.add(three);
  }
  return [...terms];
}

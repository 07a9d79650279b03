import { FOUND_AT, type ScoredProduct } from './resolution-decision.js';

// A candidate is never found over another that reads the query as closely by any of its names.

/** The query's words a name names (exactly, misspelt or as its brand) and the words it adds. */
export interface Reading {
  readonly named: readonly string[];
  readonly unsaid: readonly string[];
}

const within = (some: readonly string[], all: ReadonlySet<string>) => some.every((w) => all.has(w));

/** The first of `others` that names all `reading` names and leaves unsaid nothing more. */
export function closerReading(
  reading: Reading,
  others: readonly {
    readonly name: string;
    readonly reading: Reading;
    readonly maker?: string;
    /** The candidate it is a reading of: never compared with its own. */
    readonly of?: number;
  }[],
  maker?: string,
  of?: number,
): string | undefined {
  const unsaid = new Set(reading.unsaid);
  for (const other of others) {
    if (other.reading === reading || (of !== undefined && other.of === of)) continue;
    if (!within(reading.named, new Set(other.reading.named))) continue;
    // Names of one maker that leave words unsaid are told apart only by what the query says.
    const untold = reading.unsaid.length > 0 && maker !== undefined && other.maker === maker;
    if (untold || within(other.reading.unsaid, unsaid)) return other.name;
  }
  return undefined;
}

/** A candidate scored, with what its best name made of the query. */
export interface Explained {
  scored: ScoredProduct;
  notes: string[];
  reading?: Reading;
  /** What its other names, which no hard rule rejected, made of the query. */
  otherReadings?: readonly Reading[];
  /** The first word of its brand, normalised: its maker. */
  maker?: string;
}

/** Marks each candidate that could be found but another reads as closely: a runner-up only. */
export function outread(explained: Explained[]): Explained[] {
  // Any name of another candidate may read the query as closely, not only its best-scored one.
  const readings = explained.flatMap((e, of) =>
    e.reading && !e.scored.rejected
      ? [e.reading, ...(e.otherReadings ?? [])].map((reading) => ({
          name: e.scored.name,
          reading,
          of,
          maker: e.maker,
        }))
      : [],
  );
  return explained.map((e, of) => {
    if (!e.reading || e.scored.rejected || e.scored.exact || e.scored.identified) return e;
    if (e.scored.score < FOUND_AT) return e;
    const by = closerReading(e.reading, readings, e.maker, of);
    if (by === undefined) return e;
    return {
      ...e,
      scored: { ...e.scored, outreadBy: by },
      notes: [...e.notes, `"${by}" names as much of the query, which does not tell them apart`],
    };
  });
}

// What each thing a query lacks, or a candidate says that the query does not, costs the
// soft score (soft-score.ts), from 1; FOUND_AT (resolution-decision.ts) is the line.

export const PENALTY = {
  unmatchedWord: 0.3,
  genericWord: 0.04,
  typo: 0.06,
  missingBrand: 0.02,
  /** A number the candidate has and the query lacks: usually another generation (Z6 II, Move 2). */
  missingNumber: 0.25,
  /** A size the candidate states and the query does not (65-inch). */
  missingSize: 0.12,
  /** A model code the query lacks ("MP" of "MP 7502"): "7502" may be another model. */
  missingCode: 0.22,
  /** A word that tells the candidate apart (Oasis, True, Combo): one is enough to fall below FOUND_AT. */
  missingWord: 0.22,
  missingQualifier: 0.01,
  /** A storage size the catalog does not state: possibly another product. */
  unitOmitted: 0.22,
  /** A word of the query that no candidate carries: it describes (title-reading.ts). */
  description: 0.01,
  /** A further description of a product no code of the query anchors. */
  furtherDescription: 0.08,
  /** A common word of names the candidate lacks, which the catalog never tells siblings by. */
  commonWord: 0.1,
  /** What an anchored candidate says that the query does not: it describes the product. */
  describedByAnchor: 0.01,
  /** A word of a title (a long catalog name) the query does not give: most of them describe. */
  titleWord: 0.02,
  /** A number or code of a title the query does not give: a part number, or another model. */
  titleCode: 0.06,
  /** ...and of a title the query's own code anchors: a second part number. */
  anchoredCode: 0.05,
  /** A word of the candidate the query lacks that tells it from no other candidate. */
  unsaidDescription: 0.05,
} as const;

/** A score as its decimals: four costs of 0.05 from 1 leave 0.8, not 0.7999999999999999. */
export const decimal = (value: number): number => Math.round(value * 1e9) / 1e9;

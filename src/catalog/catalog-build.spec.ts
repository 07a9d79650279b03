import { describe, expect, it } from '@jest/globals';
import {
  ANSWER_TABLES,
  CATALOG_TABLES,
  KEYED_FIRST,
  PRIORS_AND_ANSWER_SOURCES,
  VOCABULARY_AND_NAMES,
} from './catalog-tables.js';

describe('the build of a catalog', () => {
  it('keys and vacuums every catalog table in exactly one of its steps', () => {
    const steps = [KEYED_FIRST, PRIORS_AND_ANSWER_SOURCES, VOCABULARY_AND_NAMES, ANSWER_TABLES];
    const keyed: string[] = steps.flat();
    expect(keyed.toSorted()).toEqual([...CATALOG_TABLES].sort());
  });
});

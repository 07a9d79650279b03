import { describe, expect, it } from '@jest/globals';
import { PROBLEM_TYPES, ProblemException, type ProblemType } from './problem.js';

describe('ProblemException', () => {
  it.each(Object.keys(PROBLEM_TYPES) as ProblemType[])(
    '%s has its status, title and type URI from the one list',
    (type) => {
      const { body } = new ProblemException(type, 'what went wrong');
      expect(body).toEqual({
        type: `https://product-intelligence.dev/problems/${type}`,
        title: PROBLEM_TYPES[type].title,
        status: PROBLEM_TYPES[type].status,
        detail: 'what went wrong',
      });
    },
  );

  it('carries the offending fields of an invalid request', () => {
    const errors = [{ field: 'detail', message: 'must be compact or full' }];
    expect(new ProblemException('invalid-request', 'bad', errors).body.errors).toEqual(errors);
  });
});

import { describe, expect, it } from 'vitest';
import { known } from './known.ts';

describe('a context field a state relies on (issue 34 point 4)', () => {
  it('gives the value that is set, falsy ones too', () => {
    expect([known(0, 'count'), known('', 'text'), known(false, 'flag')]).toEqual([0, '', false]);
  });

  it('throws, naming the field, when it is missing instead of standing in a value', () => {
    expect(() => known(null, 'the deal')).toThrow('the deal is not set in this state');
  });
});

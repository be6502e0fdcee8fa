import { describe, expect, it } from 'vitest';
import { containsPattern, phoneDigitsPattern } from './query-helpers';

describe('containsPattern', () => {
  it('finds the text anywhere, its LIKE wildcards taken literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('phoneDigitsPattern', () => {
  it('reads a phone number, whole or in part, as the digits it is kept as', () => {
    expect(phoneDigitsPattern('(555) 010-1002')).toBe('%5550101002%');
    expect(phoneDigitsPattern('010-10')).toBe('%01010%');
    expect(phoneDigitsPattern('555.010')).toBe('%555010%');
  });

  it('leaves other searches, and too few digits, alone', () => {
    expect(phoneDigitsPattern('Rita')).toBeUndefined();
    expect(phoneDigitsPattern('rita@555.test')).toBeUndefined();
    expect(phoneDigitsPattern('(55)')).toBeUndefined();
  });
});

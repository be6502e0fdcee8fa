import { describe, expect, it } from 'vitest';
import { containsPattern, groupedBy, phoneDigitsPattern } from './query-helpers';

describe('containsPattern', () => {
  it('finds the text anywhere, its LIKE wildcards taken literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('phoneDigitsPattern', () => {
  // A phone number, whole or in part, is searched as the digits it is kept as.
  it.each([
    ['(555) 010-1002', '%5550101002%'],
    ['010-10', '%01010%'],
    ['555.010', '%555010%'],
  ])('reads %s as %s', (search, pattern) => {
    expect(phoneDigitsPattern(search)).toBe(pattern);
  });

  // Other searches, and too few digits, are left alone.
  it.each(['Rita', 'rita@555.test', '(55)'])('leaves %s alone', (search) => {
    expect(phoneDigitsPattern(search)).toBeUndefined();
  });
});

describe('groupedBy', () => {
  it("hands each key its rows' values in the rows' order, and no key without rows", () => {
    const rows = [
      { home: 'a', name: 'furnace' },
      { home: 'b', name: 'roof' },
      { home: 'a', name: 'water heater' },
    ];
    const byHome = groupedBy(
      rows,
      (row) => row.home,
      (row) => row.name,
    );
    expect([...byHome]).toEqual([
      ['a', ['furnace', 'water heater']],
      ['b', ['roof']],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { matchesEveryWord, searchWords } from './search';

describe('search words', () => {
  it('are the words of the box, at most eight', () => {
    expect(searchWords('  smoke   det ')).toEqual(['smoke', 'det']);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('match in any order and case, each anywhere in the text', () => {
    expect(matchesEveryWord('Test smoke and CO detectors', 'smoke det')).toBe(true);
    expect(matchesEveryWord('Test smoke and CO detectors', 'DET smoke')).toBe(true);
    expect(matchesEveryWord('Replace HVAC filter', 'smoke det')).toBe(false);
    expect(matchesEveryWord('Replace HVAC filter', '')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { everyWordFilter } from './every-word-filter';

const options = [
  {
    group: 'Safety',
    items: [
      { value: '1', label: 'Test smoke and CO detectors' },
      { value: '2', label: 'Replace smoke detector batteries' },
    ],
  },
  { group: 'Heating and cooling', items: [{ value: '3', label: 'Replace HVAC filter' }] },
  { value: '4', label: 'Clean the gutters' },
];

const values = (search: string) =>
  everyWordFilter({ options, search, limit: 100 }).flatMap((option) =>
    'group' in option ? option.items.map((item) => item.value) : [option.value],
  );

describe('everyWordFilter', () => {
  it('finds options by every word, in any order, in the label or the group', () => {
    expect(values('smoke det')).toEqual(['1', '2']);
    expect(values('det smoke batteries')).toEqual(['2']);
    expect(values('cooling filter')).toEqual(['3']);
    expect(values('gutters CLEAN')).toEqual(['4']);
    expect(values('smoke gutters')).toEqual([]);
  });
});

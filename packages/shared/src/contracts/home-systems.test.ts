import { describe, expect, it } from 'vitest';
import { homeSystemInputSchema } from './home-systems';
import { warrantyDaysLeft } from './home-system-words';

const today = new Date('2026-11-30T15:00:00Z');

describe("a home's systems", () => {
  it('tells a warranty that ends within 60 days, and not one further off or over', () => {
    expect(warrantyDaysLeft({ warrantyEndsOn: '2027-01-29' }, today)).toBe(60);
    expect(warrantyDaysLeft({ warrantyEndsOn: '2026-11-30' }, today)).toBe(0);
    expect(warrantyDaysLeft({ warrantyEndsOn: '2027-01-30' }, today)).toBeNull();
    expect(warrantyDaysLeft({ warrantyEndsOn: '2026-11-29' }, today)).toBeNull();
    expect(warrantyDaysLeft({ warrantyEndsOn: null }, today)).toBeNull();
  });

  it('keeps only the details a kind asks for, and a filter size written loosely, tidied', () => {
    const parsed = homeSystemInputSchema.parse({
      kind: 'cooling',
      type: 'centralAir',
      filterSize: ' 20 X 25 x 1 ',
      capacity: 40,
      brand: '  ',
    });
    expect(parsed).toMatchObject({ filterSize: '20x25x1', capacity: null, brand: null, installedYear: null });
  });
});

import { describe, expect, it } from 'vitest';
import {
  careDetailsOfForm,
  careEntryFormSchema,
  careEntryValuesSchema,
  careRecordMessages,
  costByYear,
  parseCost,
} from './care-record';
import { errorsOf } from '../test/errors-of';

describe('parseCost', () => {
  it.each([
    ['$1,185.50', 1185.5],
    ['  85 ', 85],
    ['0.5', 0.5],
    ['', null],
    [null, null],
    ['$', null],
    [120, 120],
  ])('reads %j as %j', (written, dollars) => {
    expect(parseCost(written)).toBe(dollars);
  });

  it.each(['twelve', '12.345', '-5', '1.2.3'])('does not read %j', (written) => {
    expect(parseCost(written)).toBeUndefined();
  });
});

describe('careEntryValuesSchema', () => {
  it('keeps what a person wrote, tidied', () => {
    const parsed = careEntryValuesSchema.parse({
      title: '  New roof ',
      doneOn: '2025-05-02',
      doneBy: 'pro',
      proName: ' Summit Roofing ',
      proPhone: '(555) 201-3344',
      cost: '$9,800',
      note: '',
    });
    expect(parsed).toMatchObject({
      title: 'New roof',
      systemId: null,
      replacesSystem: false,
      proName: 'Summit Roofing',
      proPhone: '5552013344',
      cost: 9800,
      note: null,
    });
  });

  it('says every problem at once', () => {
    const errors = errorsOf(careEntryValuesSchema, {
      title: '',
      doneOn: '2025-02-29',
      cost: '1.001',
      proPhone: '12',
      replacesSystem: true,
    });
    expect(errors).toEqual(
      expect.arrayContaining([
        careRecordMessages.titleRequired,
        careRecordMessages.doneOnInvalid,
        careRecordMessages.costInvalid,
        careRecordMessages.proPhoneInvalid,
      ]),
    );
  });

  it('refuses a professional named for work the homeowner did, and a replacement of no system', () => {
    const errors = errorsOf(careEntryValuesSchema, {
      title: 'Paint',
      doneOn: '2024-01-01',
      doneBy: 'self',
      proName: 'Someone',
      replacesSystem: true,
    });
    expect(errors).toEqual([careRecordMessages.proOnly, careRecordMessages.replacesWithoutSystem]);
  });

  it("the form's version makes work with a professional's name theirs", () => {
    expect(careEntryFormSchema.parse({ title: 'Paint', doneOn: '2024-01-01', proName: 'Ace' }).doneBy).toBe(
      'pro',
    );
    expect(careEntryFormSchema.parse({ title: 'Paint', doneOn: '2024-01-01', proName: ' ' }).doneBy).toBe(
      'self',
    );
  });
});

describe('careDetailsOfForm', () => {
  it('sends only what was filled in, and a name or phone makes it a professional', () => {
    const form = (fields: Record<string, string>) => (name: string) => fields[name] ?? '';
    expect(careDetailsOfForm(form({ proName: '', cost: ' 85 ' }))).toEqual({ cost: '85' });
    expect(careDetailsOfForm(form({}))).toEqual({});
    expect(careDetailsOfForm(form({ proPhone: '555 201 3344' }))).toEqual({
      doneBy: 'pro',
      proPhone: '555 201 3344',
    });
  });
});

describe('costByYear', () => {
  it('sums each year in cents, newest year first, counting entries without a cost', () => {
    expect(
      costByYear([
        { doneOn: '2025-01-02', cost: 0.1 },
        { doneOn: '2026-03-01', cost: 2400 },
        { doneOn: '2025-12-30', cost: 0.2 },
        { doneOn: '2025-06-01', cost: null },
      ]),
    ).toEqual([
      { year: 2026, cost: 2400, entries: 1 },
      { year: 2025, cost: 0.3, entries: 3 },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { auditFieldLabel, auditValueText } from '../audit-labels';
import {
  answeredCount,
  emptyHomeProfile,
  homeProfileAnswerText,
  homeProfileFieldNames,
  homeProfileFields,
  homeProfileMessages,
  homeProfileSchema,
  homeProfileSteps,
} from './home-profile';

describe("a home's profile", () => {
  it('asks every described question in exactly one step', () => {
    const asked = homeProfileSteps.flatMap((step) => [...step.fields]);
    expect([...asked].sort()).toEqual([...homeProfileFieldNames].sort());
  });

  it('takes an answer left out or null as "not sure"', () => {
    const parsed = homeProfileSchema.parse({ sewer: 'septic', pool: null });
    expect(parsed).toEqual({ ...emptyHomeProfile.answers, sewer: 'septic' });
    expect(answeredCount(parsed)).toBe(1);
  });

  it('accepts a year built up to next year, and no later', () => {
    const next = new Date().getUTCFullYear() + 1;
    expect(homeProfileSchema.safeParse({ yearBuilt: next }).success).toBe(true);
    const later = homeProfileSchema.safeParse({ yearBuilt: next + 1 });
    expect(later.error?.issues.map((issue) => issue.message)).toEqual([
      homeProfileMessages.numberRange('Year built', '1700', String(next)),
    ]);
  });

  it('refuses a number that is not whole, a choice not offered and a yes-no that is not one', () => {
    const refused = homeProfileSchema.safeParse({ floorArea: 1200.5, sewer: 'cesspool', garage: 'yes' });
    expect(refused.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['floorArea', homeProfileMessages.numberRange('Floor area', '100', '50,000')],
      ['garage', homeProfileMessages.yesNo('Garage')],
      ['sewer', homeProfileMessages.choice('Sewer')],
    ]);
  });

  it('writes each answer in words', () => {
    const answers = homeProfileSchema.parse({
      homeKind: 'condo',
      floorArea: 2100,
      attic: true,
      yearBuilt: 1998,
    });
    expect(homeProfileAnswerText('homeKind', answers)).toBe(homeProfileFields.homeKind.options.condo);
    expect(homeProfileAnswerText('floorArea', answers)).toBe('2,100 sq ft');
    expect(homeProfileAnswerText('yearBuilt', answers)).toBe('1998');
    expect(homeProfileAnswerText('attic', answers)).toBe('Yes');
    expect(homeProfileAnswerText('sewer', answers)).toBe('Not sure');
  });

  it("names a change of the profile in the audit log's words", () => {
    expect(auditFieldLabel('homeKind')).toBe('Kind of home');
    expect(auditValueText('singleFamily', 'homeKind')).toBe('Single-family house');
    expect(auditValueText(false, 'pool')).toBe('No');
    expect(auditValueText(1998, 'yearBuilt')).toBe('1998');
    expect(auditValueText(2100, 'floorArea')).toBe('2,100 sq ft');
    expect(auditValueText(null, 'sewer')).toBe('Not sure');
  });
});

import { describe, expect, it } from 'vitest';
import {
  attentionMessages,
  attentionQuerySchema,
  attentionReasonText,
  attentionSinceText,
  helpHandledSchema,
} from './attention';

describe('attentionSinceText', () => {
  const zone = 'America/Los_Angeles';
  const now = new Date('2026-11-26T15:00:00Z'); // 07:00 on the 26th in Los Angeles

  it('counts calendar days in the corporation zone', () => {
    expect(attentionSinceText('help', '2026-11-26T09:00:00Z', now, zone).text).toBe('Asked today');
    // 04:00 UTC on the 26th is still the 25th in Los Angeles.
    expect(attentionSinceText('help', '2026-11-26T04:00:00Z', now, zone).text).toBe('Asked yesterday');
    expect(attentionSinceText('help', '2026-11-26T04:00:00Z', now, 'UTC').text).toBe('Asked today');
    expect(attentionSinceText('overdue', '2026-10-17T16:00:00Z', now, zone)).toEqual({
      text: 'Due 40 days ago',
      date: 'Saturday, October 17, 2026',
    });
    expect(attentionSinceText('invitation', '2026-11-11T16:00:00Z', now, zone).text).toBe(
      'Invited 15 days ago',
    );
  });
});

describe('the contracts of the list and of a handled help request', () => {
  it('takes a page and a realtor, and refuses other values', () => {
    expect(attentionQuerySchema.parse({})).toEqual({ page: 1 });
    expect(attentionQuerySchema.parse({ page: '2', realtorId: '' })).toEqual({ page: 2 });
    expect(attentionQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(attentionQuerySchema.safeParse({ realtorId: 'rita' }).success).toBe(false);
  });

  it('needs a note of at most 500 characters, trimmed', () => {
    expect(helpHandledSchema.parse({ note: '  Called  ' })).toEqual({ note: 'Called' });
    expect(helpHandledSchema.safeParse({ note: ' ' }).error?.issues[0]?.message).toBe(
      attentionMessages.noteRequired,
    );
    expect(helpHandledSchema.safeParse({}).error?.issues[0]?.message).toBe(attentionMessages.noteRequired);
    expect(helpHandledSchema.safeParse({ note: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
      attentionMessages.noteTooLong,
    );
  });
});

describe('attentionReasonText', () => {
  it('says what happened, with the task or the email when known', () => {
    expect(attentionReasonText({ reason: 'help', task: 'Clean gutters', detail: 'Ladder?' })).toBe(
      'Asked for help with “Clean gutters”.',
    );
    expect(attentionReasonText({ reason: 'overdue', task: null, detail: null })).toBe(
      'A reminder is not marked done.',
    );
    expect(attentionReasonText({ reason: 'failedEmail', task: null, detail: 'Your invitation' })).toBe(
      'The email “Your invitation” could not be delivered. Check the address.',
    );
  });
});

describe('a system as a reason to call', () => {
  const heater = {
    kind: 'waterHeater',
    type: 'tankGas',
    installedYear: 2013,
    warrantyEndsOn: '2027-01-29',
  } as const;

  it('names the system likely to need replacing, and the day a warranty ends', () => {
    expect(attentionReasonText({ reason: 'replacement', task: null, detail: null, system: heater })).toBe(
      'The water heater, installed 2013, is near the end of its typical life: likely replacement soon.',
    );
    expect(attentionReasonText({ reason: 'warranty', task: null, detail: null, system: heater })).toBe(
      'The water heater’s warranty ends on 29JAN2027.',
    );
    expect(attentionReasonText({ reason: 'replacement', task: null, detail: null, system: null })).toBe(
      'A system of the home is near the end of its typical life.',
    );
  });

  it('says since when in the same words as the other reasons', () => {
    const now = new Date('2026-11-26T15:00:00Z');
    expect(attentionSinceText('replacement', '2026-11-24T08:00:00Z', now, 'UTC').text).toBe(
      'Noted 2 days ago',
    );
  });
});

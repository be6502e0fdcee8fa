import { describe, expect, it } from 'vitest';
import {
  formatDayInWords,
  formatDayShort,
  formatDueDate,
  formatDueDateInWords,
  nextReminderText,
} from './due-date';
import { clientStatusLabels, notSentLabels } from './contracts/grid-options';

// 09:00 in New York on 24 February 2027 is already 25 February in Auckland.
const dueAt = '2027-02-24T14:00:00.000Z';

describe('due dates', () => {
  it('are written in the corporation’s zone, whatever the reader’s', () => {
    expect(formatDueDate(dueAt, 'America/New_York')).toBe('24FEB2027');
    expect(formatDueDate(dueAt, 'Pacific/Auckland')).toBe('25FEB2027');
  });

  it('are written in words for emails, in the corporation’s zone', () => {
    expect(formatDueDateInWords(dueAt, 'America/New_York')).toBe('Wednesday, February 24, 2027');
    expect(formatDueDateInWords(dueAt, 'Pacific/Auckland')).toBe('Thursday, February 25, 2027');
    // A leap day, written once in each zone's own calendar.
    expect(formatDueDateInWords('2028-02-29T15:00:00.000Z', 'America/Chicago')).toBe(
      'Tuesday, February 29, 2028',
    );
  });

  it('show a property’s state instead of a date that will not be sent', () => {
    const zone = 'America/New_York';
    expect(nextReminderText({ status: 'enabled', nextDueAt: dueAt }, zone)).toBe('24FEB2027');
    expect(nextReminderText({ status: 'disabled', nextDueAt: dueAt }, zone)).toBe('Disabled: not sent');
    expect(nextReminderText({ status: 'pending', nextDueAt: dueAt }, zone)).toBe('Pending: not sent');
    expect(nextReminderText({ status: 'unsubscribed', nextDueAt: dueAt }, zone)).toBe('Unsubscribed');
    expect(nextReminderText({ status: 'noReminders', nextDueAt: null }, zone)).toBe('No reminders');
  });

  it('name a state with the word its status has everywhere else', () => {
    for (const [status, text] of Object.entries(notSentLabels)) {
      expect(text.startsWith(clientStatusLabels[status as keyof typeof notSentLabels])).toBe(true);
    }
  });
});

describe('formatDayInWords', () => {
  it('says a local date as the day it is, whatever the zone of the machine', () => {
    expect(formatDayInWords('2026-11-02')).toBe('Monday, November 2, 2026');
    expect(formatDayInWords('2026-12-31')).toBe('Thursday, December 31, 2026');
  });
});

describe('formatDayShort', () => {
  it('says a local date short, for a printed column', () => {
    expect(formatDayShort('2026-11-02')).toBe('Nov 2, 2026');
  });
});

import { describe, expect, it } from 'vitest';
import { auditQuerySchema } from '../contracts/audit';
import { notificationInputSchema } from '../contracts/notifications';
import { messages } from './messages';
import { errorsOf } from '../test/errors-of';

const extremes = [
  8.64e15,
  -8.64e15,
  253_402_300_800_000,
  '+275760-09-13T00:00:00.000Z',
  '+010000-01-01T00:00:00Z',
  '-001000-01-01T00:00:00Z',
  '0000-12-31T23:59:59.999Z',
];

describe('moments the service stores', () => {
  const notification = (startsAt: unknown, endsAt: unknown = null) => ({
    title: 'Maintenance',
    body: 'Sunday night',
    severity: 'info',
    startsAt,
    endsAt,
  });

  it.each(extremes)('refuses %j as out of range in the audit query and in a notification', (moment) => {
    expect(errorsOf(auditQuerySchema, { from: moment })).toEqual([messages.dateOutOfRange]);
    expect(errorsOf(auditQuerySchema, { to: moment })).toEqual([messages.dateOutOfRange]);
    expect(errorsOf(notificationInputSchema, notification(moment))).toEqual([messages.dateOutOfRange]);
    expect(errorsOf(notificationInputSchema, notification('2026-01-01T00:00:00Z', moment))).toContain(
      messages.dateOutOfRange,
    );
  });

  it('says a number or text that is no date at all is not a valid date', () => {
    for (const wrong of [1e20, 'soon', true]) {
      expect(errorsOf(auditQuerySchema, { from: wrong })).toEqual([messages.dateInvalid]);
      expect(errorsOf(notificationInputSchema, notification(wrong))).toEqual([messages.dateInvalid]);
    }
  });

  it('accepts the first and last moments of years 1 to 9999, and leaves the audit dates optional', () => {
    const first = '0001-01-01T00:00:00.000Z';
    const last = '9999-12-31T23:59:59.999Z';
    expect(auditQuerySchema.parse({ from: first, to: last })).toMatchObject({
      from: new Date(first),
      to: new Date(last),
    });
    expect(auditQuerySchema.parse({})).not.toHaveProperty('from', expect.anything());
    expect(notificationInputSchema.parse(notification(first, last)).endsAt).toEqual(new Date(last));
    expect(notificationInputSchema.parse(notification(Date.UTC(2026, 0, 1))).startsAt).toEqual(
      new Date(Date.UTC(2026, 0, 1)),
    );
  });
});

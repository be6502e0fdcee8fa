import { describe, expect, it } from 'vitest';
import { auditChanges, changesOfDetails } from './audit-changes';

describe('auditChanges', () => {
  it('lists only the fields that changed, each before and after', () => {
    expect(
      auditChanges(
        { siteName: 'Acme', timeZone: 'America/New_York', contactPhone: null, untouched: 'kept' },
        { siteName: 'Acme Home Care', timeZone: 'America/New_York', contactPhone: '' },
      ),
    ).toEqual([{ field: 'siteName', before: 'Acme', after: 'Acme Home Care' }]);
  });

  it('never keeps a secret, whatever the field is called', () => {
    const changes = auditChanges(
      {},
      {
        password: 'x',
        passwordHash: 'y',
        resetToken: 'z',
        number: '4111111111111111',
        cvv: '123',
        cardLast4: '1111',
      },
    );
    expect(changes).toEqual([{ field: 'cardLast4', before: null, after: '1111' }]);
  });

  it('keeps numbers and switches as they are, and dates as ISO text', () => {
    expect(
      auditChanges(
        { licensedProperties: 100, pending: false, at: new Date('2026-01-01T00:00:00Z') },
        { licensedProperties: 120, pending: true, at: new Date('2026-02-01T00:00:00Z') },
      ),
    ).toEqual([
      { field: 'licensedProperties', before: 100, after: 120 },
      { field: 'pending', before: false, after: true },
      { field: 'at', before: '2026-01-01T00:00:00.000Z', after: '2026-02-01T00:00:00.000Z' },
    ]);
  });

  it('reads back only well-formed changes from stored details', () => {
    expect(changesOfDetails(null)).toEqual([]);
    expect(changesOfDetails({ changes: 'no' })).toEqual([]);
    expect(changesOfDetails({ changes: [{ field: 'city', before: 'A', after: 'B' }, { field: 1 }] })).toEqual(
      [{ field: 'city', before: 'A', after: 'B' }],
    );
  });
});

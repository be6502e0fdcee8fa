import { describe, expect, it } from 'vitest';
import {
  bulkResultMessage,
  clientBulkRequestSchema,
  maxSelectedIds,
  selectionMessages,
} from './client-selection';

const id = '5e5e5e5e-0000-4000-8000-00000000dead';

describe('the response of a bulk action', () => {
  it('says what was done and, by reason, what was skipped, in singular or plural', () => {
    expect(bulkResultMessage('assignRealtor', 72, [{ reason: 'notYours', count: 6 }], 'Rhea Realtor')).toBe(
      '72 clients assigned to Rhea Realtor. 6 skipped: not yours.',
    );
    expect(
      bulkResultMessage('disable', 1, [
        { reason: 'notFound', count: 1 },
        { reason: 'noProperty', count: 2 },
      ]),
    ).toBe('1 property disabled. 3 skipped: 1 not found, 2 no property.');
    expect(bulkResultMessage('enable', 2, [{ reason: 'unchanged', count: 1 }])).toBe(
      '2 properties enabled. 1 skipped: already enabled.',
    );
    expect(bulkResultMessage('disableUser', 1, [{ reason: 'yourself', count: 1 }])).toBe(
      '1 user disabled. 1 skipped: your own account.',
    );
  });

  it('words the selection banner as a mail client does', () => {
    expect(selectionMessages.pageSelected(25, 'client')).toBe('All 25 on this page are selected.');
    expect(selectionMessages.selectAllMatching(1143, 'client')).toBe('Select all 1,143 matching clients');
    expect(selectionMessages.confirmDeleteTitle(1)).toBe('Delete 1 client?');
  });
});

describe('a bulk request', () => {
  it('takes ids up to a page, or a filter, and a realtor only to assign one', () => {
    expect(clientBulkRequestSchema.safeParse({ action: 'delete', selection: { ids: [id] } }).success).toBe(
      true,
    );
    expect(
      clientBulkRequestSchema.safeParse({ action: 'enable', selection: { filter: { status: 'disabled' } } })
        .success,
    ).toBe(true);
    expect(
      clientBulkRequestSchema.safeParse({
        action: 'delete',
        selection: { ids: Array.from({ length: maxSelectedIds + 1 }, () => id) },
      }).success,
    ).toBe(false);
    expect(
      clientBulkRequestSchema.safeParse({ action: 'assignRealtor', selection: { ids: [id] } }).success,
    ).toBe(false);
  });
});

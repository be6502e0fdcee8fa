import { describe, expect, it } from 'vitest';
import {
  addRowsLabel,
  clearConfirmText,
  createLabel,
  licensesMissingText,
  partlySentText,
  queuedText,
  queueSummaryText,
  removedText,
  resultsText,
  sendingText,
} from './bulk-text';

describe('bulk texts', () => {
  it('say one row, one client, in the singular', () => {
    expect(addRowsLabel(1)).toBe('Add 1 row to the queue');
    expect(sendingText(0, 1)).toBe('Sent 0 of 1 row…');
    expect(queuedText(1, 'file.csv')).toBe(
      '1 row from file.csv is in the queue below. Check it, then create the clients.',
    );
    expect(queueSummaryText(1, 1)).toBe('1 row in the queue, 1 with problems');
    expect(removedText(1)).toBe('1 row removed from the queue.');
    expect(clearConfirmText(1)).toBe('The queued row is removed. Clients already created stay.');
    expect(createLabel(1)).toBe('Create 1 client');
    expect(licensesMissingText(1)).toBe(
      '1 ready row needs more licenses than your company has free. It stays in the queue until licenses are added.',
    );
    expect(resultsText({ added: 1, errors: 1, licenseOverage: 1 })).toBe(
      '1 client created. 1 row with problems. 1 row needs a license.',
    );
  });

  it('say other counts in the plural', () => {
    expect(addRowsLabel(1200)).toBe('Add 1,200 rows to the queue');
    expect(queueSummaryText(500, 30)).toBe('500 rows in the queue, 30 with problems');
    expect(clearConfirmText(2)).toBe('All 2 queued rows are removed. Clients already created stay.');
    expect(createLabel(472)).toBe('Create 472 clients');
    expect(createLabel(0)).toBe('Create clients');
    expect(resultsText({ added: 0, errors: 27, licenseOverage: 0 })).toBe(
      '0 clients created. 27 rows with problems. 0 rows need licenses.',
    );
  });

  it('offer only the rows not yet queued after a failure', () => {
    expect(addRowsLabel(1200, 500)).toBe('Add the remaining 700 rows');
    expect(addRowsLabel(501, 500)).toBe('Add the remaining 1 row');
    expect(partlySentText(500, 1200)).toBe(
      '500 of 1,200 rows were added before this; sending again adds only the remaining 700 rows.',
    );
    expect(partlySentText(1, 1200)).toBe(
      '1 of 1,200 rows was added before this; sending again adds only the remaining 1,199 rows.',
    );
    expect(partlySentText(0, 1200)).toBe('No rows were added; sending again sends them all.');
  });
});

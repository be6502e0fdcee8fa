import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bulkMessages, type BulkItem } from '@homeminder/shared/contracts/bulk';
import { messages } from '@homeminder/shared/validation/messages';
import { renderWithProviders } from '../../../test/render';
import { signInEachTest } from '../../../test/session';
import { json, stubFetch } from '../../../test/fetch';
import { EditRowDialog } from './edit-row-dialog';

const tenant = '0a0a0a0a-0000-4000-8000-000000000ac3';

const item = (data: BulkItem['data'], validationError: string | null): BulkItem => ({
  id: 7,
  itemId: '00000000-0000-4000-8000-000000000007',
  tenantID: tenant,
  rowNumber: 7,
  fileName: 'clients.csv',
  line: 8,
  data,
  validationError,
  waitingForLicense: false,
  status: 'queued',
});

const row = {
  firstName: 'Noah',
  lastName: 'Nash',
  email: 'noah.nash@hubspot.example',
  addressLine: '5 Lake Shore Drive',
  city: 'Springfield',
  state: 'IL',
  zip: '6270',
};

describe('EditRowDialog', () => {
  const fetchMock = stubFetch();
  signInEachTest({ tenantID: tenant });

  beforeEach(() => {
    fetchMock.mockImplementation(async (input) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.includes('/realtors')) return json([]);
      return json({ unique: true, usedBy: null });
    });
  });
  afterEach(cleanup);

  const open = (edited: BulkItem) =>
    renderWithProviders(
      <EditRowDialog tenant={tenant} item={edited} title="Edit line 8" onClose={() => undefined} />,
    );

  it('marks the field the row’s problem is about, says why above the fields, and opens on it', async () => {
    open(item(row, `ZIP: ${messages.zipLength}`));
    const zip = await screen.findByRole('textbox', { name: 'ZIP' });
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'));
    // Said once: a message under the field would vanish on leaving it and move Save under the pointer.
    expect(screen.getAllByText(messages.zipLength, { exact: false })).toHaveLength(1);
    expect(screen.getByTestId('row-dialog-problem').textContent).toContain(`ZIP: ${messages.zipLength}`);
    await waitFor(() => expect(document.activeElement).toBe(zip));
    // The other fields are not marked.
    expect(screen.getByRole('textbox', { name: /^City/ }).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('marks the email when another client or row has it', async () => {
    open(item({ ...row, zip: '62704' }, bulkMessages.emailOfClient));
    const email = await screen.findByRole('textbox', { name: /^Email/ });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    // As the row's problem at the top of the dialog only.
    expect(screen.getAllByText(bulkMessages.emailOfClient)).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('clears the mark once the field is fixed, and takes a ZIP that lost its leading 0 in New England', async () => {
    open(item(row, `ZIP: ${messages.zipLength}`));
    const zip = await screen.findByRole('textbox', { name: 'ZIP' });
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(screen.getByRole('textbox', { name: /^State/ }), { target: { value: 'MA' } });
    fireEvent.blur(zip);
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).not.toBe('true'));
  });
});

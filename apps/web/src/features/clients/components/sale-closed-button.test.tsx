import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientSetupInput } from '@homeminder/shared/contracts/clients';
import { ApiError } from '../../../lib/api-error';
import { api } from '../../../lib/http';
import { mockOf } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { testClient, testProperty, testSubscription } from '../test-clients';
import { PropertyCard } from './property-card';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const pendingHome = testProperty('c-sal', 'p-sal', '4 Escrow Lane', 'Springfield', {
  pending: true,
  status: 'pending',
  subscriptions: [testSubscription('s-1', 'r-filter', 'Replace HVAC filter')],
});
const sal = testClient('c-sal', 'Sal', 'Closer', [pendingHome], { realtorId: 'u-rita', phone: '5551234567' });

const renderCard = (property = pendingHome) =>
  renderWithProviders(<PropertyCard client={sal} property={property} />, { router: true });

afterEach(() => vi.clearAllMocks());

describe('Sale closed on a pending property', () => {
  it('confirms the property in one step, keeping the client and the reminders as saved', async () => {
    mockOf(api.put).mockResolvedValue(sal);
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Sale closed for 4 Escrow Lane' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sale closed for 4 Escrow Lane?' });
    expect(dialog.textContent).toContain('uses a license from now on and its 1 reminder start going out');
    await userEvent.click(screen.getByRole('button', { name: 'Sale closed' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    const [path, options] = mockOf(api.put).mock.calls[0]! as [string, { body: ClientSetupInput }];
    expect(path).toBe('/clients/setup');
    expect(options.body).toMatchObject({
      tenantUserID: 'c-sal',
      realtorID: 'u-rita',
      clientUser: { firstName: 'Sal', lastName: 'Closer', email: 'sal@example.net' },
      property: { propertyId: 'p-sal', line: '4 Escrow Lane', pending: false },
      subscriptions: [{ reminderID: 'r-filter', maintenanceFrequencyID: '1' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal in the dialog when no license is free", async () => {
    mockOf(api.put).mockRejectedValue(
      new ApiError(['All 25 licenses are in use: none is free for another property.'], 409),
    );
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Sale closed for 4 Escrow Lane' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sale closed' }));
    expect(await screen.findByText(/none is free for another property/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('is not offered on a property that is not pending', () => {
    renderCard(testProperty('c-sal', 'p-sal', '4 Escrow Lane', 'Springfield'));
    expect(screen.queryByRole('button', { name: /Sale closed/ })).toBeNull();
  });
});

import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PropertyCounts } from '@homeminder/shared/contracts/clients';
import { renderWithProviders } from '../../../test/render';
import { signInEachTest } from '../../../test/session';
import { json, stubFetch } from '../../../test/fetch';
import { screenOf } from '../../../test/media';
import { ClientCounts } from './client-counts';

const counts: PropertyCounts = {
  count: 42,
  enabled: 30,
  noReminders: 4,
  pending: 3,
  disabled: 5,
  unsubscribed: 4,
  licensed: 50,
  licensesUsed: 30,
  licensesFree: 20,
  licenseEndedOn: null,
};

describe('ClientCounts', () => {
  const fetchMock = stubFetch();
  signInEachTest();
  beforeEach(() => {
    fetchMock.mockImplementation(async (input) => {
      const url = input instanceof Request ? input.url : input.toString();
      return json(url.includes('pendingCount') ? { count: 3 } : counts);
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('collapses into one line of chips on a phone, each still a filter', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(screenOf(true));
    const onStatus = vi.fn();
    renderWithProviders(<ClientCounts status="all" onStatus={onStatus} />, { router: true });
    const line = await screen.findByTestId('client-counts-line');
    await waitFor(() => expect(line.textContent).toContain('42 Properties'));
    expect(line.textContent).toContain('3 Pending');
    expect(line.textContent).toContain('20 Licenses free');
    fireEvent.click(screen.getByRole('button', { name: 'Pending: 3. Show pending properties' }));
    expect(onStatus).toHaveBeenCalledWith('pending');
    // The tiles' hints are left out on the phone's one line.
    expect(screen.queryByText('waiting to be confirmed')).toBeNull();
  });

  it('shows tiles with their hints on a wide screen', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(screenOf(false));
    renderWithProviders(<ClientCounts status="all" onStatus={() => undefined} />, {
      router: true,
    });
    await screen.findByText('waiting to be confirmed');
    expect(screen.queryByTestId('client-counts-line')).toBeNull();
  });
});

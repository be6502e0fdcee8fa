import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Engagement } from '@homeminder/shared/contracts/mail';
import { Privilege } from '@homeminder/shared/permissions';
import { api } from '../../lib/http';
import { useSession } from '../../lib/session-store';
import { mockOf } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { EngagementFigures } from './engagement-figures';

vi.mock(import('../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const realtorId = '0a0a0a0a-0000-4000-8000-00000000beef';
const month = { sent: 0, done: 0, later: 0, help: 0, occurrences: 0, doneOnTime: 0 };
const engagement = (totals: Partial<Engagement['totals']>): Engagement => ({
  months: [{ month: '2026-11', ...month, ...totals }],
  totals: { ...month, ...totals },
});

function renderFigures(privileges: string[], path = '/') {
  useSession.setState({
    tenantID: 't-acme',
    userID: 'u-1',
    identity: { email: null, roles: [], privileges, tenantName: null, impersonatedBy: null, kind: 'staff' },
  });
  renderWithProviders(
    <>
      <EngagementFigures />
      <Address />
    </>,
    { router: true, path },
  );
}

/** The address the figures keep their realtor in. */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

describe("Home's engagement figures", () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ tenantID: null, userID: null, identity: null });
  });

  it('shows the twelve months of a realtor, their own, with no realtor filter', async () => {
    mockOf(api.get).mockResolvedValue({
      days: [],
      totals: { sent: 0, failed: 0, upcoming: 0 },
      engagement: engagement({ sent: 200, done: 50, later: 10, help: 4, occurrences: 40, doneOnTime: 26 }),
    });
    renderFigures([Privilege.CanManageClients], `/?realtor=${realtorId}`);
    const card = await screen.findByRole('region', { name: 'Client engagement, last 12 months' });
    await waitFor(() => expect(card.textContent).toContain('65%'));
    expect(card.textContent).toContain('Reminders sent200');
    expect(card.textContent).toContain('Done5025% of reminders sent');
    expect(card.textContent).toContain('of 40 reminders due');
    expect(within(card).queryByLabelText('Realtor')).toBeNull();
    // A realtor's address naming a realtor changes nothing: the server gives them their own.
    expect(mockOf(api.get)).toHaveBeenCalledWith(
      '/home/reminder-activity',
      expect.objectContaining({ query: {} }),
    );
  });

  it('lets a manager narrow the figures to one realtor, kept in the address', async () => {
    mockOf(api.get).mockImplementation((path: string) =>
      Promise.resolve(
        path === '/clients/realtors'
          ? [{ id: realtorId, firstName: 'Rita', lastName: 'Realtor', email: 'rita@acme.test' }]
          : {
              days: [],
              totals: { sent: 0, failed: 0, upcoming: 0 },
              engagement: engagement({ sent: 3 }),
            },
      ),
    );
    renderFigures([Privilege.CanManageClients, Privilege.AdminModule]);
    const card = await screen.findByRole('region', { name: 'Client engagement, last 12 months' });
    // No occurrence is old enough yet: a dash, not "0%".
    await waitFor(() => expect(card.textContent).toContain('–'));
    expect(card.textContent).toContain('None due more than 30 days ago yet');
    await userEvent.click(within(card).getByLabelText('Realtor'));
    await userEvent.click(await screen.findByRole('option', { name: 'Rita Realtor', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(`?realtor=${realtorId}`));
    await waitFor(() =>
      expect(mockOf(api.get)).toHaveBeenCalledWith(
        '/home/reminder-activity',
        expect.objectContaining({ query: { realtorId } }),
      ),
    );
  });
});

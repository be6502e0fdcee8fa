import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReminderActivity } from '@homeminder/shared/contracts/mail';
import { Privilege } from '@homeminder/shared/permissions';
import { api } from '../../lib/http';
import { useSession } from '../../lib/session-store';
import { mockOf } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { ReminderActivityCard } from './reminder-activity-card';

vi.mock(import('../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const month = { sent: 0, done: 0, later: 0, help: 0, occurrences: 0, doneOnTime: 0 };
const nothing: ReminderActivity = {
  days: [{ date: '2026-11-20', sent: 0, failed: 0, upcoming: 0 }],
  totals: { sent: 0, failed: 0, upcoming: 0 },
  engagement: { months: [{ month: '2026-11', ...month }], totals: month },
};

function renderCard(activity: ReminderActivity) {
  useSession.setState({
    tenantID: 't-acme',
    userID: 'u-1',
    identity: {
      email: null,
      roles: [],
      privileges: [Privilege.CanManageClients],
      tenantName: null,
      impersonatedBy: null,
      kind: 'staff',
    },
  });
  mockOf(api.get).mockResolvedValue(activity);
  renderWithProviders(<ReminderActivityCard />, { router: true });
}

describe("Home's reminder activity", () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ tenantID: null, userID: null, identity: null });
  });

  it('says there is no activity yet in place of an empty chart, by day and by month', async () => {
    renderCard(nothing);
    const empty = await screen.findByTestId('no-reminder-activity');
    expect(empty.textContent).toContain('No reminder was sent in the last 30 days');
    expect(screen.getByTestId('reminder-totals').textContent).toContain('000');
    expect(screen.queryByRole('button', { name: 'Show the numbers by day' })).toBeNull();
    await userEvent.click(screen.getByText('Last 12 months'));
    expect((await screen.findByTestId('no-reminder-activity')).textContent).toContain(
      'No reminder was sent in the last 12 months',
    );
  });

  it('keeps the chart when a reminder is due, and by month when a client replied', async () => {
    renderCard({
      ...nothing,
      days: [{ date: '2026-12-02', sent: 0, failed: 0, upcoming: 3 }],
      totals: { sent: 0, failed: 0, upcoming: 3 },
      engagement: { months: [{ month: '2026-11', ...month, done: 1 }], totals: { ...month, done: 1 } },
    });
    expect((await screen.findByTestId('reminder-totals')).textContent).toContain('3');
    expect(screen.queryByTestId('no-reminder-activity')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show the numbers by day' })).toBeDefined();
    await userEvent.click(screen.getByText('Last 12 months'));
    await screen.findByTestId('done-on-time');
    expect(screen.queryByTestId('no-reminder-activity')).toBeNull();
  });
});

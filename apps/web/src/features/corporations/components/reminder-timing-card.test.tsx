import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/http';
import { mockOf } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { ReminderTimingCard } from './reminder-timing-card';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const radio = (group: string, option: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getByRole<HTMLInputElement>('radio', {
    name: option,
  });
const leadDaysGroup = "When new clients' homes get their reminders";
const cadenceGroup = 'How often new clients get reminder emails';

beforeEach(() => {
  mockOf(api.get).mockResolvedValue({ leadDays: 0, emailCadence: 'each' });
  mockOf(api.put).mockResolvedValue({ message: 'Saved.' });
});

afterEach(() => vi.clearAllMocks());

describe("the corporation's defaults for new clients", () => {
  it('sends only the choice made, and keeps the other as it was', async () => {
    renderWithProviders(<ReminderTimingCard tenantId="t-acme" canManage />);
    await screen.findByRole('radiogroup', { name: cadenceGroup });
    expect(radio(cadenceGroup, 'An email for each reminder').checked).toBe(true);

    await userEvent.click(radio(cadenceGroup, 'One email a month'));
    await waitFor(() => expect(radio(cadenceGroup, 'One email a month').checked).toBe(true));
    expect(api.put).toHaveBeenLastCalledWith('/corporation/settings/reminderTiming/:id', {
      params: { id: 't-acme' },
      body: { emailCadence: 'monthly' },
    });
    expect(radio(leadDaysGroup, 'On the day it is due').checked).toBe(true);

    await userEvent.click(radio(leadDaysGroup, '1 week before'));
    await waitFor(() => expect(radio(leadDaysGroup, '1 week before').checked).toBe(true));
    expect(api.put).toHaveBeenLastCalledWith('/corporation/settings/reminderTiming/:id', {
      params: { id: 't-acme' },
      body: { leadDays: 7 },
    });
    // Each change kept the other in the card, without reading it again.
    expect(radio(cadenceGroup, 'One email a month').checked).toBe(true);
    expect(api.get).toHaveBeenCalledTimes(1);
  });

  it('shows both to whoever may not change them, in words', async () => {
    mockOf(api.get).mockResolvedValue({ leadDays: 3, emailCadence: 'monthly' });
    renderWithProviders(<ReminderTimingCard tenantId="t-acme" canManage={false} />);
    expect(await screen.findByText(`${cadenceGroup}: one email a month.`)).toBeTruthy();
    expect(screen.getByText(`${leadDaysGroup}: 3 days before.`)).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PropertyDetail } from '@homeminder/shared/contracts/clients';
import { emailCadenceWords } from '@homeminder/shared/email-cadence';
import { api } from '../../../lib/http';
import { mockOf } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { testProperty, testSubscription } from '../test-clients';
import { PropertyReminders } from './property-reminders';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const hvac = testSubscription('s-hvac', 'r-hvac', 'Replace HVAC filter');

/** Hal's home with one reminder, as his details show it. */
function renderReminders(changes: Partial<PropertyDetail> = {}) {
  const property = testProperty('c-hal', 'p-first', '12 Harbor Road', 'Springfield', {
    subscriptions: [hvac],
    ...changes,
  });
  // The client screens read the operator's chosen corporation from the address: a router is needed.
  return renderWithProviders(
    <PropertyReminders client={{ firstName: 'Hal' }} property={property} notSent={null} />,
    {
      router: true,
    },
  );
}

beforeEach(() => {
  mockOf(api.get).mockResolvedValue([]);
  mockOf(api.post).mockResolvedValue({ items: [], totalItemCount: 0 });
});

afterEach(() => vi.clearAllMocks());

describe('how often reminders are emailed', () => {
  it('shows the client’s choice and changes it with the staff route', async () => {
    mockOf(api.put).mockResolvedValue({
      message: emailCadenceWords.changed('One email a month'),
    });
    renderReminders();
    const group = screen.getByRole('radiogroup', { name: 'How often reminders are emailed' });
    expect(
      within(group).getByRole<HTMLInputElement>('radio', { name: 'An email for each reminder' }).checked,
    ).toBe(true);
    await userEvent.click(within(group).getByRole('radio', { name: 'One email a month' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put).toHaveBeenCalledWith(
      '/clients/properties/:id/email-cadence',
      expect.objectContaining({ params: { id: 'p-first' }, body: { emailCadence: 'monthly' } }),
    );
  });

  it('stands beside when the reminders are sent, each its own choice', async () => {
    mockOf(api.put).mockResolvedValue({ message: 'Reminders for this home will now come 3 days before.' });
    renderReminders();
    const timing = screen.getByRole('radiogroup', { name: 'When reminders are sent' });
    await userEvent.click(within(timing).getByRole('radio', { name: '3 days before' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put).toHaveBeenCalledWith(
      '/clients/properties/:id/reminder-timing',
      expect.objectContaining({ params: { id: 'p-first' }, body: { leadDays: 3 } }),
    );
  });
});

describe('a client who does not answer', () => {
  it('is not noted after 5 reminders left unanswered', () => {
    renderReminders({ unansweredReminders: 5 });
    expect(screen.getByRole('radiogroup', { name: 'How often reminders are emailed' })).toBeTruthy();
    expect(screen.queryByText('Not answering reminders')).toBeNull();
    expect(screen.queryByText(/No answer to the last/)).toBeNull();
  });

  it('is noted after 6: reminders now come once a month', () => {
    renderReminders({ unansweredReminders: 6 });
    const note = screen.getByRole('status');
    expect(note.textContent).toContain('Not answering reminders');
    expect(note.textContent).toContain(emailCadenceWords.quietNote(6, 'monthly'));
    expect(note.textContent).toContain('once a month until the client answers one');
  });

  it('after 12, says the emails have stopped', () => {
    renderReminders({ unansweredReminders: 12, emailCadence: 'monthly' });
    expect(screen.getByRole('status').textContent).toContain(
      'No answer to the last 12 reminders, so reminder emails have stopped until the client answers one.',
    );
  });
});

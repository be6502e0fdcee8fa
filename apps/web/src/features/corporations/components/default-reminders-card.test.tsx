import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultReminderMessages } from '@homeminder/shared/contracts/default-reminders';
import { api } from '../../../lib/http';
import { mockOf } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { DefaultRemindersCard } from './default-reminders-card';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const catalogue = [
  ['r-hvac', 'Replace HVAC filter', 'Heating & cooling', 3],
  ['r-dryer', 'Clean the dryer vent', 'Appliances', 5],
  ['r-smoke', 'Test smoke and CO detectors', 'Safety', 1],
] as const;
const frequencies = [
  { id: 1, name: 'Monthly', intervalMonths: 1 },
  { id: 3, name: 'Quarterly', intervalMonths: 3 },
  { id: 5, name: 'Annual', intervalMonths: 12 },
];
interface SavedItem {
  reminderId: string;
  maintenanceFrequencyId: number;
}
const saved = (items: SavedItem[]) => ({
  items: items.map((item) => {
    const [, name, category] = catalogue.find(([id]) => id === item.reminderId)!;
    const frequencyName = frequencies.find((frequency) => frequency.id === item.maintenanceFrequencyId)!.name;
    return { ...item, name, category, frequencyName };
  }),
});

beforeEach(() => {
  mockOf(api.get).mockImplementation((path: string) => {
    if (path === '/corporation/settings/defaultReminders/:id')
      return Promise.resolve(
        saved([
          { reminderId: 'r-hvac', maintenanceFrequencyId: 3 },
          { reminderId: 'r-dryer', maintenanceFrequencyId: 5 },
        ]),
      );
    if (path === '/clients/frequencies') return Promise.resolve(frequencies);
    return Promise.resolve([]);
  });
  mockOf(api.post).mockResolvedValue({
    items: catalogue.map(([id, name, category, defaultFrequencyId]) => ({
      id,
      name,
      category,
      description: '',
      defaultFrequencyId,
      defaultFrequencyName: '',
    })),
    totalItemCount: catalogue.length,
  });
  // The response is the list as saved, read from what was sent.
  mockOf(api.put).mockImplementation((_path, options) =>
    Promise.resolve(saved((options as unknown as { body: { items: SavedItem[] } }).body.items)),
  );
});

afterEach(() => vi.clearAllMocks());

const listed = () =>
  within(screen.getByRole('list', { name: 'Default reminders' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));

describe('DefaultRemindersCard', () => {
  it('lists the set, removes a task, adds one by searching, and saves the whole list', async () => {
    renderWithProviders(<DefaultRemindersCard tenantId="t-acme" />);
    await waitFor(() => expect(listed()).toEqual(['Replace HVAC filter', 'Clean the dryer vent']));
    const save = screen.getByRole('button', { name: 'Save default reminders' });
    expect(save).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Clean the dryer vent' }));
    const add = screen.getAllByLabelText('Add a task').find((element) => element.tagName === 'INPUT')!;
    const user = userEvent.setup();
    await user.click(add);
    await user.type(add, 'detectors smoke');
    await user.click(
      await screen.findByRole('option', { name: 'Test smoke and CO detectors', hidden: true }),
    );
    expect(listed()).toEqual(['Replace HVAC filter', 'Test smoke and CO detectors']);

    fireEvent.click(save);
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/corporation/settings/defaultReminders/:id', {
        params: { id: 't-acme' },
        body: {
          items: [
            { reminderId: 'r-hvac', maintenanceFrequencyId: 3 },
            { reminderId: 'r-smoke', maintenanceFrequencyId: 1 },
          ],
        },
      }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(defaultReminderMessages.saved(2));
  });

  it("shows the server's message when the list is refused", async () => {
    mockOf(api.put).mockRejectedValue(new Error(defaultReminderMessages.reminderUnknown));
    renderWithProviders(<DefaultRemindersCard tenantId="t-acme" />);
    await waitFor(() => expect(listed()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Replace HVAC filter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save default reminders' }));
    expect((await screen.findByRole('alert')).textContent).toContain(defaultReminderMessages.reminderUnknown);
  });
});

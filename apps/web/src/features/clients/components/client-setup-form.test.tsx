import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clientSetupSchema,
  type ClientDetail,
  type Subscription,
} from '@homeminder/shared/contracts/clients';
import { newHomeWords } from '@homeminder/shared/contracts/new-home';
import { api } from '../../../lib/http';
import { useSession } from '../../../lib/session-store';
import { scheduleDelete, undoDelete } from '../../../lib/pending-deletes';
import { mockOf } from '../../../test/api-mock';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { testClient, testProperty, testSubscription } from '../test-clients';
import { emptySetupValues } from '../setup-values';
import { ClientSetupForm } from './client-setup-form';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const hvac = testSubscription('s-hvac', 'r-hvac', 'Replace HVAC filter');
const gutters = testSubscription('s-gutters', 'r-gutters', 'Clean gutters and downspouts');

/** Gina, as the server has her: the subscriptions not yet deleted there. */
function gina(subscriptions: Subscription[]): ClientDetail {
  return testClient('c-gina', 'Gina', 'Good', [
    testProperty('c-gina', 'p-gina', '12 Harbor Road', 'Springfield', { subscriptions }),
  ]);
}

let deleted: Set<string>;
let queryClient: QueryClient;

beforeEach(() => {
  deleted = new Set();
  queryClient = testQueryClient();
  mockOf(api.get).mockImplementation((path: string) => {
    if (path === '/clients/client/:id')
      return Promise.resolve(gina([hvac, gutters].filter((item) => !deleted.has(item.id))));
    if (path === '/corporation/settings/defaultReminders/:id')
      return Promise.resolve({
        items: [
          {
            reminderId: gutters.reminderId,
            name: gutters.reminderName,
            category: gutters.category,
            maintenanceFrequencyId: 1,
            frequencyName: 'Monthly',
          },
        ],
      });
    if (path === '/clients/frequencies')
      return Promise.resolve([{ id: 1, name: 'Monthly', intervalMonths: 1 }]);
    return Promise.resolve([]);
  });
  mockOf(api.post).mockImplementation((path: string) =>
    Promise.resolve(
      path === '/clients/reminders'
        ? {
            items: [hvac, gutters].map((item) => ({
              id: item.reminderId,
              name: item.reminderName,
              description: '',
              category: item.category,
              defaultFrequencyId: 1,
              defaultFrequencyName: 'Monthly',
            })),
            totalItemCount: 2,
          }
        : [],
    ),
  );
  mockOf(api.delete).mockImplementation(
    (_path: string, options?: { params?: Record<string, string | number> }) => {
      deleted.add(String(options!.params!.id));
      return Promise.resolve(undefined);
    },
  );
});

afterEach(() => {
  useSession.setState({ tenantID: null });
  undoDelete(hvac.id);
  vi.clearAllMocks();
});

/** Removes a reminder as the client details do: at once on screen, for real after the undo window. */
function removeWithUndo(item: Subscription) {
  act(() =>
    scheduleDelete(
      item.id,
      async () => {
        await api.delete('/clients/reminderSubscription/:id', { params: { id: item.id } });
        await queryClient.invalidateQueries();
      },
      () => undefined,
    ),
  );
}

function renderForm() {
  // The client screens read the operator's chosen corporation from the address: a router is needed.
  return renderWithProviders(<ClientSetupForm clientId="c-gina" onSaved={() => undefined} />, {
    queryClient,
    router: true,
  });
}

/** The names of the reminders the form has chosen (once the catalogue has named them). */
function chosenReminders(): string[] {
  const chosen = screen.getByRole('list', { name: 'Chosen reminders' });
  return within(chosen)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label') ?? '');
}

describe('ClientSetupForm', () => {
  it('lists the reminders the client has', async () => {
    renderForm();
    await waitFor(() =>
      expect(chosenReminders()).toEqual(['Replace HVAC filter', 'Clean gutters and downspouts']),
    );
    expect(screen.getByText('2 chosen')).toBeTruthy();
  });

  it('removes a reminder still in its undo window before showing the form, and leaves it out', async () => {
    // The details are open and loaded, then "Replace HVAC filter" is removed and Edit is opened.
    await queryClient.fetchQuery({
      queryKey: [null, 'clients', 'detail', 'c-gina'],
      queryFn: () => api.get('/clients/client/:id', { params: { id: 'c-gina' } }),
    });
    removeWithUndo(hvac);
    renderForm();

    await waitFor(() => expect(chosenReminders()).toEqual(['Clean gutters and downspouts']));
    expect(api.delete).toHaveBeenCalledWith('/clients/reminderSubscription/:id', {
      params: { id: hvac.id },
    });
    expect(screen.getByText('1 chosen')).toBeTruthy();
    // The removal was sent once, and is not sent again when the window would have ended.
    await waitFor(() => expect(undoDelete(hvac.id)).toBe(false));
    expect(api.delete).toHaveBeenCalledTimes(1);
  });

  it("starts a new client with the corporation's default reminders, and never adds them to an existing one", async () => {
    useSession.setState({ tenantID: 't-acme' });
    const view = renderWithProviders(<ClientSetupForm onSaved={() => undefined} />, {
      queryClient,
      router: true,
    });
    await waitFor(() => expect(chosenReminders()).toEqual(['Clean gutters and downspouts']));
    expect(api.get).toHaveBeenCalledWith('/corporation/settings/defaultReminders/:id', {
      params: { id: 't-acme' },
      signal: expect.any(AbortSignal) as AbortSignal,
    });
    view.unmount();

    mockOf(api.get).mockClear();
    renderForm();
    await waitFor(() =>
      expect(chosenReminders()).toEqual(['Replace HVAC filter', 'Clean gutters and downspouts']),
    );
    expect(mockOf(api.get).mock.calls.map(([path]) => path)).not.toContain(
      '/corporation/settings/defaultReminders/:id',
    );
  });

  it("asks a new client's kind of home, heating, well and septic, each starting at Not sure", async () => {
    useSession.setState({ tenantID: 't-acme' });
    const user = userEvent.setup();
    renderWithProviders(<ClientSetupForm onSaved={() => undefined} />, { queryClient, router: true });
    const kind = await screen.findByRole('radiogroup', { name: newHomeWords.homeKind });
    const heating = screen.getByRole('radiogroup', { name: newHomeWords.heating });
    const well = screen.getByRole('radiogroup', { name: newHomeWords.well });
    const septic = screen.getByRole('radiogroup', { name: newHomeWords.septic });
    const checked = (group: HTMLElement, name: string) =>
      within(group).getByRole<HTMLInputElement>('radio', { name }).checked;
    for (const group of [kind, heating, well, septic]) expect(checked(group, 'Not sure')).toBe(true);

    await user.click(within(kind).getByRole('radio', { name: 'Townhouse' }));
    await user.click(within(heating).getByRole('radio', { name: 'Heat pump' }));
    await user.click(within(well).getByRole('radio', { name: 'No' }));
    expect([checked(kind, 'Townhouse'), checked(heating, 'Heat pump'), checked(well, 'No')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(checked(septic, 'Not sure')).toBe(true);
  });

  it('sends the answers given as the home, and leaves out those not sure', () => {
    const values = {
      ...emptySetupValues(null),
      clientUser: { firstName: 'Nora', lastName: 'Newcomer', email: 'nora@example.com', phone: '' },
      property: { line: '12 Harbor Road', city: 'Springfield', state: 'IL', zip: '62704', pending: false },
      home: {
        profile: { homeKind: 'townhouse', waterSupply: 'municipal', sewer: null },
        systems: [{ kind: 'heating', type: 'heatPump' }],
      },
    };
    expect(clientSetupSchema.parse(values).home).toEqual({
      profile: { homeKind: 'townhouse', waterSupply: 'municipal' },
      systems: [{ kind: 'heating', type: 'heatPump' }],
    });
    expect(clientSetupSchema.parse({ ...values, home: emptySetupValues(null).home }).home).toEqual({
      profile: {},
      systems: [],
    });
  });

  it("does not ask an existing client's home: it is changed in the client's details", async () => {
    renderForm();
    await waitFor(() => expect(chosenReminders()).toHaveLength(2));
    expect(screen.queryByRole('radiogroup', { name: newHomeWords.homeKind })).toBeNull();
  });
});

import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientDetail, PropertyDetail } from '@homeminder/shared/contracts/clients';
import { api } from '../../../lib/http';
import { useSession } from '../../../lib/session-store';
import { mockOf } from '../../../test/api-mock';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { testClient, testProperty, testSubscription } from '../test-clients';
import { ClientDetailPanel, type ClientDetailProps } from './client-detail';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const property = (id: string, addressLine: string, city: string) =>
  testProperty('c-hal', id, addressLine, city);

/** A client with two properties, the second added later through the set-up call. */
const hal: ClientDetail = testClient('c-hal', 'Hal', 'Homes', [
  property('p-first', '12 Harbor Road', 'Springfield'),
  property('p-second', '7 Lake Lane', 'Peoria'),
]);

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = testQueryClient();
  mockOf(api.get).mockImplementation((path: string, options?: { params?: Record<string, string | number> }) =>
    Promise.resolve(path === '/clients/client/:id' && options?.params?.id === 'c-hal' ? hal : []),
  );
  mockOf(api.post).mockImplementation(() => Promise.resolve({ items: [], totalItemCount: 0 }));
});

afterEach(() => {
  useSession.getState().closeFlyout();
  vi.clearAllMocks();
});

function renderPanel(Component: ComponentType<never>, props: object) {
  const Shown = Component as ComponentType<object>;
  // The client screens read the operator's chosen company from the address: a router is needed.
  return renderWithProviders(<Shown {...props} />, { queryClient, router: true });
}

/** The details as opened from a grid row, then the form their Edit button opens. */
async function openEditFrom(props: ClientDetailProps, editLabel: string) {
  cleanup();
  renderPanel(ClientDetailPanel, props);
  await userEvent.click(await screen.findByRole('button', { name: editLabel }));
  const flyout = useSession.getState().flyout;
  expect(flyout?.title).toBe('Edit client');
  cleanup();
  renderPanel(flyout!.component, flyout!.props);
  const street = await screen.findByRole<HTMLInputElement>('textbox', { name: /Street address/ });
  await waitFor(() => expect(street.value).not.toBe(''));
  return street.value;
}

describe('ClientDetailPanel', () => {
  it('edits the property it was opened for, not always the first', async () => {
    expect(await openEditFrom({ clientId: 'c-hal', propertyId: 'p-second', rowId: 'p-second' }, 'Edit')).toBe(
      '7 Lake Lane',
    );
  });

  it('lets each property of a client with several be edited from its own card', async () => {
    expect(await openEditFrom({ clientId: 'c-hal' }, 'Edit 7 Lake Lane, Peoria, IL 62704')).toBe(
      '7 Lake Lane',
    );
    expect(await openEditFrom({ clientId: 'c-hal' }, 'Edit 12 Harbor Road, Springfield, IL 62704')).toBe(
      '12 Harbor Road',
    );
  });

  it("opens the client's first property when it was not opened for one", async () => {
    expect(await openEditFrom({ clientId: 'c-hal' }, 'Edit')).toBe('12 Harbor Road');
  });
});

describe('reminders that will not go out', () => {
  const hvac = testSubscription('s-hvac', 'r-hvac', 'Replace HVAC filter');
  const withProperty = (
    changes: Partial<PropertyDetail>,
    client: Partial<ClientDetail> = {},
  ): ClientDetail => ({
    ...hal,
    ...client,
    properties: [
      { ...property('p-first', '12 Harbor Road', 'Springfield'), subscriptions: [hvac], ...changes },
    ],
  });
  const reminderRow = async () =>
    within(await screen.findByRole('list', { name: 'Reminders for 12 Harbor Road' })).getByRole('listitem', {
      name: 'Replace HVAC filter',
    });

  it.each([
    ['a paused property', withProperty({ enabled: false, status: 'disabled' }), 'Paused', 'not sent'],
    [
      'a pending property',
      withProperty({ pending: true, status: 'pending' }),
      'Not started',
      'starts once confirmed',
    ],
    [
      'a client who unsubscribed',
      withProperty({}, { unsubscribedAt: '2030-06-01T00:00:00.000Z' }),
      'Stopped',
      'not sent',
    ],
  ])('%s shows why, and no date as coming', async (_case, client, date, hint) => {
    mockOf(api.get).mockImplementation(() => Promise.resolve(client));
    renderPanel(ClientDetailPanel, { clientId: 'c-hal' });
    const row = await reminderRow();
    expect(row.textContent).toContain(date);
    expect(row.textContent).toContain(hint);
    expect(row.textContent).not.toContain('01JAN2031');
  });

  it('an enabled property shows its next date, in the corporation’s time zone', async () => {
    useSession.setState({ tenantID: 't-acme' });
    // Midnight UTC on 1 January is still 31 December in New York, whatever the browser's zone.
    mockOf(api.get).mockImplementation((path: string) =>
      Promise.resolve(
        path === '/id/tenant-details'
          ? { timeZone: 'America/New_York' }
          : path === '/clients/client/:id/activity'
            ? { items: [] }
            : withProperty({}),
      ),
    );
    renderPanel(ClientDetailPanel, { clientId: 'c-hal' });
    await waitFor(async () => expect((await reminderRow()).textContent).toContain('31DEC2030'));
    useSession.setState({ tenantID: null });
  });
});

describe('Activity', () => {
  const answered = (items: unknown[]) =>
    mockOf(api.get).mockImplementation((path: string) =>
      Promise.resolve(
        path === '/id/tenant-details'
          ? { timeZone: 'America/New_York' }
          : path === '/clients/client/:id/activity'
            ? { items }
            : hal,
      ),
    );
  const activity = async () => screen.findByRole('region', { name: 'Activity' });

  beforeEach(() => useSession.setState({ tenantID: 't-acme' }));
  afterEach(() => useSession.setState({ tenantID: null }));

  it("lists the client's answers as the server orders them, dates in the corporation's zone", async () => {
    answered([
      {
        id: 'a-2',
        kind: 'help',
        source: 'email',
        task: 'Clean gutters',
        propertyAddress: '12 Harbor Road, Springfield, IL 62704',
        dueAt: '2030-11-02T14:00:00.000Z',
        doneOn: null,
        movedTo: null,
        note: 'The ladder is <too short>',
        createdAt: '2031-01-01T02:00:00.000Z',
      },
      {
        id: 'a-1',
        kind: 'done',
        source: 'email',
        task: 'Replace HVAC filter',
        propertyAddress: '12 Harbor Road, Springfield, IL 62704',
        dueAt: '2030-11-01T13:00:00.000Z',
        doneOn: '2030-10-30',
        movedTo: null,
        note: null,
        createdAt: '2030-11-01T15:00:00.000Z',
      },
    ]);
    renderPanel(ClientDetailPanel, { clientId: 'c-hal' });
    const region = await activity();
    await waitFor(() => expect(region.textContent).toContain('Help asked'));
    const text = region.textContent ?? '';
    expect(text.indexOf('Clean gutters')).toBeLessThan(text.indexOf('Replace HVAC filter'));
    // 02:00 UTC on 1 January is still 31 December in New York.
    expect(text).toContain('Answered 31DEC2030 · due 02NOV2030');
    expect(text).toContain('done on 30OCT2030');
    expect(text).toContain('“The ladder is <too short>”');
  });

  it('says who handled a help request, when and how, and which are not handled yet', async () => {
    const help = {
      kind: 'help',
      source: 'email',
      propertyAddress: '12 Harbor Road, Springfield, IL 62704',
      dueAt: '2030-11-02T14:00:00.000Z',
      doneOn: null,
      movedTo: null,
      note: null,
      createdAt: '2030-11-03T15:00:00.000Z',
    };
    answered([
      {
        ...help,
        id: 'a-open',
        task: 'Clean gutters',
        handledAt: null,
        handledByName: null,
        handledNote: null,
      },
      {
        ...help,
        id: 'a-handled',
        task: 'Service furnace',
        // 03:00 UTC on 5 November is still the 4th in New York.
        handledAt: '2030-11-05T03:00:00.000Z',
        handledByName: 'Rita Realtor',
        handledNote: 'Called; technician on Monday',
      },
    ]);
    renderPanel(ClientDetailPanel, { clientId: 'c-hal' });
    const region = await activity();
    await waitFor(() => expect(region.textContent).toContain('Service furnace'));
    const text = region.textContent ?? '';
    const handled = text.indexOf('Service furnace');
    // The open request says so; the handled one says by whom, when (in the corporation's zone) and how.
    expect(text.slice(0, handled)).toContain('Not handled yet');
    expect(text.slice(handled)).toContain(
      'Handled by Rita Realtor on 04NOV2030: “Called; technician on Monday”',
    );
    expect(text.slice(handled)).not.toContain('Not handled yet');
  });

  it('says so when there is nothing yet', async () => {
    answered([]);
    renderPanel(ClientDetailPanel, { clientId: 'c-hal' });
    expect((await activity()).textContent).toContain('No answers yet.');
  });
});

describe('Next client', () => {
  it('is offered while a row follows, and not at the end of the list', async () => {
    let following: unknown[] = [{ ...hal, rowId: 'p-next', clientId: 'c-next', propertyId: 'p-next' }];
    mockOf(api.post).mockImplementation((path: string) =>
      Promise.resolve(path === '/clients/nextTenant' ? { items: following, totalItemCount: 9 } : {}),
    );
    renderPanel(ClientDetailPanel, { clientId: 'c-hal', rowId: 'p-first', query: { page: 1 } });
    const nextButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Next client/ });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(nextButton().disabled).toBe(false);
    expect(screen.queryByText('This is the last client in the list.')).toBeNull();

    following = [];
    cleanup();
    queryClient.clear();
    renderPanel(ClientDetailPanel, { clientId: 'c-hal', rowId: 'p-first', query: { page: 1 } });
    await waitFor(() => expect(nextButton().disabled).toBe(true));
    expect(screen.getByText('This is the last client in the list.')).toBeDefined();
  });
});

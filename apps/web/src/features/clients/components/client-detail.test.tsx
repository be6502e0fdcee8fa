import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientMessages, type ClientDetail, type PropertyDetail } from '@homeminder/shared/contracts/clients';
import { emptyHomeProfile } from '@homeminder/shared/contracts/home-profile';
import { messages } from '@homeminder/shared/validation/messages';
import { textWords } from '@homeminder/shared/texts';
import { ApiError } from '../../../lib/api-error';
import { api } from '../../../lib/http';
import { useSession } from '../../../lib/session-store';
import { mockOf } from '../../../test/api-mock';
import { renderWithProviders, testQueryClient } from '../../../test/render';
import { textsOffered } from '../../../test/texts';
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

/** The panel's reads: each home's profile, systems, plan, record, sale and health (none yet), the others as `respond` says. */
function serveGet(
  respond: (path: string, options?: { params?: Record<string, string | number> }) => Promise<unknown>,
) {
  const homeReads: Record<string, unknown> = {
    '/clients/properties/:id/profile': emptyHomeProfile,
    '/clients/properties/:id/systems': { items: [] },
    '/clients/properties/:id/plan': {
      fits: [],
      add: [],
      stop: [],
      climate: 'Judged by state (Texas). Seasons here: mild winters.',
    },
    '/clients/properties/:id/record': { items: [], costByYear: [], today: '2026-11-30' },
    '/clients/properties/:id/sale': { sale: null, realtors: [] },
    '/clients/properties/:id/health': { score: 100, band: 'good', reasons: [], scoredOn: '2026-11-30' },
  };
  mockOf(api.get).mockImplementation(
    (path: string, options?: { params?: Record<string, string | number> }) =>
      path in homeReads ? Promise.resolve(homeReads[path]) : respond(path, options),
  );
}

beforeEach(() => {
  queryClient = testQueryClient();
  serveGet((path: string, options?: { params?: Record<string, string | number> }) =>
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
  // The client screens read the operator's chosen corporation from the address: a router is needed.
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

describe("the client's texts", () => {
  it('show once, under their first property: they are the client’s, for all their homes', async () => {
    serveGet((path, options) =>
      Promise.resolve(
        path === '/clients/properties/:id/texts'
          ? { ...textsOffered, suggestedPhone: null }
          : path === '/clients/client/:id' && options?.params?.id === 'c-hal'
            ? hal
            : [],
      ),
    );
    renderPanel(ClientDetailPanel, { clientId: 'c-hal' });
    const first = await screen.findByRole('region', { name: 'Property 12 Harbor Road' });
    expect(await within(first).findByRole('form', { name: textWords.title })).toBeTruthy();
    expect(screen.getAllByRole('form', { name: textWords.title })).toHaveLength(1);
    const reads = mockOf(api.get).mock.calls.filter(([path]) => path === '/clients/properties/:id/texts');
    expect(reads.map(([, options]) => options?.params?.id)).toEqual(['p-first']);
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
    ['a disabled property', withProperty({ enabled: false, status: 'disabled' }), 'Disabled', 'not sent'],
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
    serveGet(() => Promise.resolve(client));
    renderPanel(ClientDetailPanel, { clientId: 'c-hal' });
    const row = await reminderRow();
    expect(row.textContent).toContain(date);
    expect(row.textContent).toContain(hint);
    expect(row.textContent).not.toContain('01JAN2031');
  });

  it('an enabled property shows its next date, in the corporation’s time zone', async () => {
    useSession.setState({ tenantID: 't-acme' });
    // Midnight UTC on 1 January is still 31 December in New York, whatever the browser's zone.
    serveGet((path: string) =>
      Promise.resolve(
        path === '/id/tenant-details'
          ? { timeZone: 'America/New_York' }
          : path === '/clients/client/:id/activity'
            ? { items: [], nextCursor: null }
            : withProperty({}),
      ),
    );
    renderPanel(ClientDetailPanel, { clientId: 'c-hal' });
    await waitFor(async () => expect((await reminderRow()).textContent).toContain('31DEC2030'));
    useSession.setState({ tenantID: null });
  });
});

describe('Activity', () => {
  const respondWith = (pages: Record<string, { items: unknown[]; nextCursor: string | null }>) =>
    serveGet((path: string, options?: object) =>
      Promise.resolve(
        path === '/id/tenant-details'
          ? { timeZone: 'America/New_York' }
          : path === '/clients/client/:id/activity'
            ? pages[(options as { query?: { before?: string } } | undefined)?.query?.before ?? '']
            : hal,
      ),
    );
  const activity = async () => screen.findByRole('region', { name: 'Activity' });
  /** Hal's panel, its activity region once it shows `first`. */
  const activityShowing = async (first: string) => {
    renderPanel(ClientDetailPanel, { clientId: 'c-hal' });
    const region = await activity();
    await waitFor(() => expect(region.textContent).toContain(first));
    return region;
  };
  const event = (fields: Record<string, unknown>) => ({
    task: null,
    propertyAddress: null,
    dueAt: null,
    doneOn: null,
    movedTo: null,
    note: null,
    changes: [],
    ...fields,
  });

  beforeEach(() => useSession.setState({ tenantID: 't-acme' }));
  afterEach(() => useSession.setState({ tenantID: null }));

  it("lists the timeline as the server orders it, who did what, times in the corporation's zone", async () => {
    respondWith({
      '': {
        items: [
          event({
            id: 'answer:2',
            kind: 'help',
            at: '2031-01-01T02:00:00.000Z',
            actor: { kind: 'homeowner-email', name: null },
            task: 'Clean gutters',
            propertyAddress: '12 Harbor Road, Springfield, IL 62704',
            dueAt: '2030-11-02T14:00:00.000Z',
            note: 'The ladder is <too short>',
          }),
          event({
            id: 'audit:7',
            kind: 'resubscribed',
            at: '2030-12-20T15:30:00.000Z',
            actor: { kind: 'staff', name: 'Rita Realtor' },
          }),
          event({
            id: 'answer:1',
            kind: 'done',
            at: '2030-11-01T15:00:00.000Z',
            actor: { kind: 'homeowner-signed-in', name: null },
            task: 'Replace HVAC filter',
            dueAt: '2030-11-01T13:00:00.000Z',
            doneOn: '2030-10-30',
          }),
        ],
        nextCursor: '2030-11-01T15:00:00.000Z|answer:1',
      },
      '2030-11-01T15:00:00.000Z|answer:1': {
        items: [
          event({
            id: 'sent:1',
            kind: 'reminder-sent',
            at: '2030-11-01T13:00:00.000Z',
            actor: { kind: 'system', name: null },
            task: 'Replace HVAC filter',
          }),
        ],
        nextCursor: null,
      },
    });
    const region = await activityShowing('Help asked');
    const text = region.textContent ?? '';
    expect(text.indexOf('Clean gutters')).toBeLessThan(text.indexOf('Subscribed again'));
    expect(text.indexOf('Subscribed again')).toBeLessThan(text.indexOf('Replace HVAC filter'));
    // 02:00 UTC on 1 January is still 31 December in New York.
    expect(text).toContain('31DEC2030 21:00 · by the homeowner, from an email');
    expect(text).toContain('12 Harbor Road, Springfield, IL 62704 · due 02NOV2030');
    expect(text).toContain('by Rita Realtor');
    expect(text).toContain('by the homeowner, signed in');
    expect(text).toContain('done on 30OCT2030');
    expect(text).toContain('“The ladder is <too short>”');
    expect(text).not.toContain('Reminder sent');

    await userEvent.click(within(region).getByRole('button', { name: 'Show older activity' }));
    await waitFor(() => expect(region.textContent).toContain('Reminder sent'));
    expect(region.textContent).toContain('by HomeMinder');
    expect(within(region).queryByRole('button', { name: 'Show older activity' })).toBeNull();
  });

  it('says who handled a help request, when and how', async () => {
    respondWith({
      '': {
        items: [
          event({
            id: 'handled:a-handled',
            kind: 'help-handled',
            // 03:00 UTC on 5 November is still the 4th in New York.
            at: '2030-11-05T03:00:00.000Z',
            actor: { kind: 'staff', name: 'Rita Realtor' },
            task: 'Service furnace',
            note: 'Called; technician on Monday',
          }),
          event({
            id: 'answer:a-handled',
            kind: 'help',
            at: '2030-11-03T15:00:00.000Z',
            actor: { kind: 'homeowner-email', name: null },
            task: 'Service furnace',
          }),
        ],
        nextCursor: null,
      },
    });
    const region = await activityShowing('Help handled');
    const text = region.textContent ?? '';
    expect(text.indexOf('Help handled')).toBeLessThan(text.indexOf('Help asked'));
    expect(text).toContain('04NOV2030 22:00 · by Rita Realtor');
    expect(text).toContain('“Called; technician on Monday”');
  });

  it('says so when there is nothing yet', async () => {
    respondWith({ '': { items: [], nextCursor: null } });
    renderPanel(ClientDetailPanel, { clientId: 'c-hal' });
    expect((await activity()).textContent).toContain('Nothing yet.');
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

describe('a client link that names no client here', () => {
  it('says so, and goes back to the list', async () => {
    serveGet(() => Promise.reject(new ApiError([messages.unableClientUser], 404)));
    useSession.getState().openFlyout({ title: 'Client details', component: ClientDetailPanel, props: {} });
    renderPanel(ClientDetailPanel, { clientId: 'c-gone' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(clientMessages.notFoundHere);
    await userEvent.click(within(alert).getByRole('button', { name: 'Back to the client list' }));
    expect(useSession.getState().flyout).toBeNull();
  });
});

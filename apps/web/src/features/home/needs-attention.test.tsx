import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attentionMessages, attentionReasons } from '@homeminder/shared/attention-words';
import type { AttentionItem, AttentionList } from '@homeminder/shared/contracts/attention';
import { Privilege } from '@homeminder/shared/permissions';
import { api } from '../../lib/http';
import { usePhone } from '../../lib/phone';
import { useSession } from '../../lib/session-store';
import { mockOf } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render';
import { attentionRefreshMs } from './api';
import { NeedsAttention } from './needs-attention';

vi.mock(import('../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
vi.mock(import('../../lib/phone'), async (importOriginal) => ({
  ...(await importOriginal()),
  usePhone: vi.fn(() => false),
}));

const dayMs = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * dayMs).toISOString();

const row = (changes: Partial<AttentionItem>): AttentionItem => ({
  reason: 'help',
  clientId: 'c-ann',
  clientName: 'Ann Avery',
  email: 'ann@example.com',
  phone: '5551234567',
  realtorName: 'Rita Realtor',
  since: ago(0),
  propertyId: 'p-ann',
  answerId: null,
  task: null,
  detail: null,
  system: null,
  ...changes,
});

const helpRow = row({
  answerId: 'a-1',
  task: 'Clean gutters',
  detail: 'The ladder is too short',
  since: ago(2),
});
const inviteRow = row({
  reason: 'invitation',
  clientId: 'c-bo',
  clientName: 'Bo Baker',
  phone: null,
  since: ago(15),
});

function listOf(items: AttentionItem[]): AttentionList {
  const counts = Object.fromEntries(attentionReasons.map((reason) => [reason, 0])) as AttentionList['counts'];
  for (const item of items) counts[item.reason] += 1;
  return { items, page: 1, pageSize: 8, total: items.length, counts };
}

let served: AttentionList;

function serve(privileges: string[]) {
  useSession.setState({
    tenantID: 't-acme',
    userID: 'u-1',
    identity: { email: null, roles: [], privileges, tenantName: null, impersonatedBy: null, kind: 'staff' },
  });
  mockOf(api.get).mockImplementation((path: string) =>
    Promise.resolve(
      path === '/id/tenant-details'
        ? { timeZone: 'America/New_York' }
        : path === '/clients/realtors'
          ? [{ id: 'r-2', firstName: 'Ray', lastName: 'Two', email: 'ray@acme.test', enabled: true }]
          : served,
    ),
  );
}

beforeEach(() => {
  served = listOf([helpRow, inviteRow]);
  vi.mocked(usePhone).mockReturnValue(false);
});
afterEach(() => {
  useSession.setState({ tenantID: null, userID: null, identity: null });
  vi.clearAllMocks();
});

describe('Needs attention', () => {
  // A table's rows on a wider screen, a card each on a phone.
  it.each([
    ['on a desk', false, (card: HTMLElement) => within(card).getAllByRole('row').slice(1)],
    ['on a phone', true, (card: HTMLElement) => within(card).getAllByRole('listitem')],
  ])('says why, since when, how to reach them, and opens the client, %s', async (_, phone, rowsOf) => {
    vi.mocked(usePhone).mockReturnValue(phone);
    serve([Privilege.CanManageClients]);
    renderWithProviders(<NeedsAttention />, { router: true });
    const card = await screen.findByRole('region', { name: 'Needs attention' });
    await waitFor(() => expect(card.textContent).toContain('Ann Avery'));
    const [help, invitation] = rowsOf(card);
    expect(help!.textContent).toContain('Asked for help with “Clean gutters”.');
    expect(help!.textContent).toContain('“The ladder is too short”');
    expect(within(help!).getByText('Asked 2 days ago').getAttribute('datetime')).toBe(helpRow.since);
    expect(
      within(help!)
        .getByRole('link', { name: /ann@example.com/ })
        .getAttribute('href'),
    ).toBe('mailto:ann@example.com');
    expect(within(help!).getByRole('link', { name: /555/ }).getAttribute('href')).toBe('tel:5551234567');
    expect(invitation!.textContent).toContain('Invited 15 days ago');
    expect(within(invitation!).queryByRole('button', { name: 'Invite again' })).not.toBeNull();
    // A realtor's own list has no realtor filter, and names no realtor on the rows.
    expect(screen.queryByLabelText('Realtor')).toBeNull();
    expect(card.textContent).not.toContain('Realtor: Rita Realtor');

    // The client's own address, which reloads and can be shared.
    expect(within(help!).getByRole('link', { name: 'Open client Ann Avery' }).getAttribute('href')).toBe(
      '/clients?open=c-ann',
    );
    expect(within(help!).getByRole('link', { name: 'Ann Avery' }).getAttribute('href')).toBe(
      '/clients?open=c-ann',
    );
    // It refreshes itself.
    const call = mockOf(api.get).mock.calls.find(([path]) => path === '/home/attention');
    expect(call?.[1]).toMatchObject({ query: { page: 1 } });
    expect(attentionRefreshMs).toBeLessThanOrEqual(60_000);
  });

  it('marks a help request handled with a required note, and confirms it', async () => {
    serve([Privilege.CanManageClients]);
    mockOf(api.post).mockImplementation(() => {
      served = listOf([inviteRow]);
      return Promise.resolve({
        message: attentionMessages.handled('Ann Avery'),
        handledAt: ago(0),
        handledByName: 'Rita Realtor',
      });
    });
    renderWithProviders(<NeedsAttention />, { router: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark handled' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the help request handled' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    expect(await within(dialog).findByText(attentionMessages.noteRequired)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByRole('textbox', { name: /What was done/ }), '  Called her  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/clients/help/:answerId/handled', {
        params: { answerId: 'a-1' },
        body: { note: 'Called her' },
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(attentionMessages.handled('Ann Avery')),
    );
    await waitFor(() => expect(screen.queryByText('Ann Avery')).toBeNull());
  });

  it("invites again with the clients feature's call, and confirms it", async () => {
    serve([Privilege.CanManageClients]);
    const sent = 'The invitation is on its way to bo@example.com. Its link works for 7 days.';
    mockOf(api.post).mockImplementation(() => {
      served = listOf([helpRow]);
      return Promise.resolve({ message: sent, email: 'bo@example.com', expiresAt: ago(-7) });
    });
    renderWithProviders(<NeedsAttention />, { router: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite again' }));
    expect(api.post).toHaveBeenCalledWith('/clients/invite/:id', { params: { id: 'c-bo' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain(sent));
    await waitFor(() => expect(screen.queryByText('Bo Baker')).toBeNull());
  });

  it('gives managers a realtor filter and names the realtor on each row', async () => {
    serve([Privilege.CanManageClients, Privilege.AdminModule]);
    renderWithProviders(<NeedsAttention />, { router: true });
    const card = await screen.findByRole('region', { name: 'Needs attention' });
    await waitFor(() => expect(card.textContent).toContain('Realtor: Rita Realtor'));
    await userEvent.click(screen.getByLabelText('Realtor', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ray Two', hidden: true }));
    await waitFor(() =>
      expect(
        mockOf(api.get).mock.calls.some(
          ([path, options]) =>
            path === '/home/attention' && JSON.stringify(options).includes('"realtorId":"r-2"'),
        ),
      ).toBe(true),
    );
  });

  it('lists a client who stopped answering reminders, since when, and offers to open them', async () => {
    const quiet = row({
      reason: 'quiet',
      clientId: 'c-cy',
      clientName: 'Cy Quiet',
      // 11:00 on 3 October in New York.
      since: '2026-10-03T15:00:00.000Z',
      detail: '7',
    });
    served = listOf([quiet]);
    serve([Privilege.CanManageClients]);
    renderWithProviders(<NeedsAttention />, { router: true });
    const card = await screen.findByRole('region', { name: 'Needs attention' });
    await waitFor(() => expect(card.textContent).toContain('Cy Quiet'));
    const [item] = within(card).getAllByRole('row').slice(1);
    expect(item!.textContent).toContain('Not answering reminders');
    expect(within(item!).getByText('Quiet since Oct 3').getAttribute('datetime')).toBe(quiet.since);
    expect(item!.textContent).toContain(
      'No answer to the last 7 reminders, so reminders now come once a month until the client answers one.',
    );
    expect(within(item!).getByRole('link', { name: 'Open client Cy Quiet' })).toBeTruthy();
    expect(within(item!).queryByRole('button')).toBeNull();
    expect(within(card).getByLabelText('How many, by reason').textContent).toContain(
      'Not answering reminders: 1',
    );
  });

  it('says so in plain words when nobody needs attention', async () => {
    served = listOf([]);
    serve([Privilege.CanManageClients]);
    renderWithProviders(<NeedsAttention />, { router: true });
    expect(await screen.findByText(attentionMessages.empty)).toBeTruthy();
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TextSettings } from '@homeminder/shared/contracts/texts';
import { textWords } from '@homeminder/shared/texts';
import { api } from '../../../lib/http';
import { useSession } from '../../../lib/session-store';
import { mockOf } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { textsOffered } from '../../../test/texts';
import { testProperty, testSubscription } from '../test-clients';
import { PropertyReminders } from './property-reminders';

vi.mock(import('../../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const on: TextSettings = { ...textsOffered, phone: '5551234567', since: '2026-11-21T03:00:00.000Z' };

let texts: TextSettings;

/** Hal's first home, with the client's texts beside its email choices. */
function renderTexts(withTexts = true) {
  const property = testProperty('c-hal', 'p-first', '12 Harbor Road', 'Springfield', {
    subscriptions: [testSubscription('s-hvac', 'r-hvac', 'Replace HVAC filter')],
  });
  // The client screens read the operator's chosen corporation from the address: a router is needed.
  return renderWithProviders(
    <PropertyReminders
      client={{ firstName: 'Hal' }}
      property={property}
      notSent={null}
      withTexts={withTexts}
    />,
    { router: true },
  );
}

const textReads = () =>
  mockOf(api.get).mock.calls.filter(([path]) => path === '/clients/properties/:id/texts');

beforeEach(() => {
  texts = textsOffered;
  show.mockClear();
  useSession.setState({ tenantID: 't-acme' });
  mockOf(api.get).mockImplementation((path: string) =>
    Promise.resolve(path === '/id/tenant-details' ? { timeZone: 'America/New_York' } : texts),
  );
});

afterEach(() => {
  // Unmounted first: another corporation would be read again under its own key.
  cleanup();
  useSession.setState({ tenantID: null });
  vi.clearAllMocks();
});

describe("the client's texts in their details", () => {
  it('are not shown where the portal cannot text', async () => {
    texts = { ...textsOffered, offered: false };
    renderTexts();
    await waitFor(() => expect(textReads()).toHaveLength(1));
    expect(screen.getByRole('radiogroup', { name: 'How often reminders are emailed' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(textWords.title)).toBeNull());
    expect(screen.queryByRole('checkbox', { name: textWords.staffAgreeLabel })).toBeNull();
  });

  it("are read only under the client's first property", () => {
    renderTexts(false);
    expect(textReads()).toHaveLength(0);
  });

  it("record the client's agreement at their number, then read the texts again", async () => {
    mockOf(api.put).mockImplementation(() => {
      texts = on;
      return Promise.resolve({ message: textWords.on('5551234567') });
    });
    renderTexts();
    const form = await screen.findByRole('form', { name: textWords.title });
    expect(within(form).getByText(textWords.notOn)).toBeTruthy();
    expect(within(form).getByText(textsOffered.consentWords)).toBeTruthy();
    const phone = within(form).getByLabelText<HTMLInputElement>(new RegExp(`^${textWords.phoneLabel}`));
    expect(phone.value).toBe('(555) 123-4567');
    expect(phone.type).toBe('tel');
    await userEvent.clear(phone);
    await userEvent.type(phone, '555.123.4567');
    await userEvent.click(within(form).getByRole('checkbox', { name: textWords.staffAgreeLabel }));
    await userEvent.click(within(form).getByRole('button', { name: textWords.staffTurnOn }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: textWords.on('5551234567') })),
    );
    expect(api.put).toHaveBeenCalledWith(
      '/clients/properties/:id/texts',
      expect.objectContaining({ params: { id: 'p-first' }, body: { phone: '5551234567', agreed: true } }),
    );
    // 03:00 UTC on the 21st is still the 20th in New York.
    expect(await screen.findByText(textWords.onSince('5551234567', '20NOV2026'))).toBeTruthy();
    expect(textReads().length).toBeGreaterThan(1);
  });

  it('need the box ticked: the rule says so and nothing is sent', async () => {
    renderTexts();
    await userEvent.click(await screen.findByRole('button', { name: textWords.staffTurnOn }));
    expect(await screen.findByText(textWords.agreeRequired)).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('show the number in force, and stop at once', async () => {
    texts = on;
    mockOf(api.delete).mockImplementation(() => {
      texts = textsOffered;
      return Promise.resolve({ message: textWords.off });
    });
    renderTexts();
    expect(await screen.findByText(textWords.onSince('5551234567', '20NOV2026'))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: textWords.turnOff }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: textWords.off })),
    );
    expect(api.delete).toHaveBeenCalledWith(
      '/clients/properties/:id/texts',
      expect.objectContaining({ params: { id: 'p-first' } }),
    );
    expect(await screen.findByRole('button', { name: textWords.staffTurnOn })).toBeTruthy();
  });
});

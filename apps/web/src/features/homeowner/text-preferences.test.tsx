import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TextSettings } from '@homeminder/shared/contracts/texts';
import { textWords } from '@homeminder/shared/texts';
import { json, stubFetch, urlOf } from '../../test/fetch';
import { renderScreen, testQueryClient } from '../../test/render';
import { MyPreferencesPage } from './my-preferences-page';
import { textsOffered } from '../../test/texts';
import { homeownerGet, testOverview } from './test-homeowner';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const textsPath = '/api/homeowner/homes/home-1/texts';
const on: TextSettings = { ...textsOffered, phone: '5551234567', since: '2026-11-20T15:00:00.000Z' };

function renderPage() {
  const client = testQueryClient();
  renderScreen(MyPreferencesPage, { path: '/my-home/preferences', queryClient: client });
  return client;
}

describe('reminders by text message', () => {
  const fetchMock = stubFetch();
  beforeEach(() => show.mockClear());

  /** The page's reads, the texts as `texts()` says; a change answers with `respond()`. */
  const serve = (texts: () => TextSettings | undefined, respond: () => Response = () => json({})) =>
    fetchMock.mockImplementation(async (input, init) => {
      const url = urlOf(input);
      if (init?.method && init.method !== 'GET') return respond();
      const served = url.includes(textsPath) ? texts() : undefined;
      return served ? json(served) : homeownerGet(url, testOverview);
    });
  const changes = (method: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) => init?.method === method && urlOf(input).includes(textsPath),
    );

  it('shows nothing where the portal cannot text', async () => {
    serve(() => undefined);
    const client = renderPage();
    expect(await screen.findByRole('heading', { name: 'Reminder emails' })).toBeTruthy();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(fetchMock.mock.calls.some(([input]) => urlOf(input).includes(textsPath))).toBe(true);
    expect(screen.queryByRole('heading', { name: textWords.title })).toBeNull();
    expect(screen.queryByLabelText(textWords.phoneLabel)).toBeNull();
  });

  it('turns texts on with the number and the agreement, and says so', async () => {
    let agreed = false;
    serve(
      () => (agreed ? on : textsOffered),
      () => {
        agreed = true;
        return json({ message: textWords.on('5551234567') });
      },
    );
    renderPage();
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: textWords.title });
    expect(within(form).getByText(textWords.description)).toBeTruthy();
    // The agreement in full, as text beside the box: not behind a tooltip.
    expect(within(form).getByText(textsOffered.consentWords)).toBeTruthy();
    const phone = within(form).getByLabelText<HTMLInputElement>(new RegExp(`^${textWords.phoneLabel}`));
    expect(phone.value).toBe('(555) 123-4567');
    expect(phone.type).toBe('tel');
    expect(phone.autocomplete).toBe('tel');
    const box = within(form).getByRole('checkbox', { name: textWords.agreeLabel });
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(box);
    await user.click(within(form).getByRole('button', { name: textWords.turnOn }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: textWords.on('5551234567') })),
    );
    const [put] = changes('PUT');
    expect(JSON.parse(put![1]?.body as string)).toEqual({ phone: '5551234567', agreed: true });
    // The settings are read again: the agreement now in force shows.
    expect(
      await screen.findByText(textWords.onSince('5551234567', 'Friday, November 20, 2026')),
    ).toBeTruthy();
  });

  it('asks for the box to be ticked, and sends nothing until it is', async () => {
    serve(() => textsOffered);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: textWords.turnOn }));
    expect(await screen.findByText(textWords.agreeRequired)).toBeTruthy();
    expect(changes('PUT')).toHaveLength(0);
  });

  it("shows the server's refusal of the number", async () => {
    const refusal = 'Enter a 10-digit US phone number.';
    serve(
      () => textsOffered,
      () => json({ Errors: [refusal] }, 400),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: textWords.agreeLabel }));
    await user.click(screen.getByRole('button', { name: textWords.turnOn }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Texts were not turned on');
    expect(alert.textContent).toContain(refusal);
    expect(show).not.toHaveBeenCalled();
  });

  it('says when a STOP reply stopped them, in the corporation’s zone', async () => {
    serve(() => ({ ...textsOffered, stoppedByReplyAt: '2026-11-21T03:00:00.000Z' }));
    renderPage();
    // 03:00 UTC on the 21st is still the 20th in New York.
    expect((await screen.findByRole('status')).textContent).toContain(
      textWords.stoppedByReply('Friday, November 20, 2026'),
    );
  });

  it('shows the number in force and stops texts at once', async () => {
    let stopped = false;
    serve(
      () => (stopped ? textsOffered : on),
      () => {
        stopped = true;
        return json({ message: textWords.off });
      },
    );
    renderPage();
    const user = userEvent.setup();
    expect(
      await screen.findByText(textWords.onSince('5551234567', 'Friday, November 20, 2026')),
    ).toBeTruthy();
    expect(screen.getByText(/\(555\) 123-4567/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: textWords.turnOff }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: textWords.off })),
    );
    expect(changes('DELETE')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: textWords.turnOn })).toBeTruthy();
  });
});

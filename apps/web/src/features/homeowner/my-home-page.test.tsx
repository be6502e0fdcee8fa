import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { HomeownerOverview } from '@homeminder/shared/contracts/homeowner';
import { json, stubFetch, urlOf } from '../../test/fetch';
import { renderScreen, testQueryClient } from '../../test/render';
import { MyHomePage } from './my-home-page';
import { MyPreferencesPage } from './my-preferences-page';
import { activeHome, homeownerGet, testOverview } from './test-homeowner';

const overview: HomeownerOverview = {
  ...testOverview,
  homes: [
    activeHome,
    {
      id: 'home-2',
      addressLine: '3 Lake Road',
      city: 'Springfield',
      state: 'MA',
      zip: '01101',
      status: 'paused',
      leadDays: 0,
      emailCadence: 'each',
      reminders: [],
    },
  ],
};

const renderPage = (Page: () => React.ReactNode, path = '/my-home') =>
  renderScreen(Page, { path, queryClient: testQueryClient() });

describe('the homeowner pages', () => {
  const fetchMock = stubFetch();
  /** The pages' reads, and a change answered with the server's `message`. */
  const answerPut = (message: string) =>
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PUT' ? json({ message }) : homeownerGet(urlOf(input), overview),
    );
  /** Where the page's change went, and what it sent. */
  const sentPut = () => {
    const [input, init] = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    return { url: urlOf(input), body: JSON.parse(init?.body as string) as unknown };
  };

  it("shows each home with its coming reminders in words, in the corporation's zone, and the realtor", async () => {
    fetchMock.mockImplementation(async (input) => homeownerGet(urlOf(input), overview));
    renderPage(() => <MyHomePage />);
    const first = await screen.findByRole('region', { name: /12 Elm Street/ });
    const reminder = within(first).getByRole('listitem', { name: 'Replace HVAC filter' });
    expect(reminder.textContent).toContain('Tuesday, December 1, 2026');
    expect(reminder.textContent).toContain('arrow towards the furnace');
    expect(reminder.textContent).toContain('Quarterly');
    const paused = screen.getByRole('region', { name: /3 Lake Road/ });
    expect(within(paused).getByText('Reminders for this home are paused')).toBeTruthy();
    expect(screen.getByText('Rita Realtor')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'realtor@acme.test' }).getAttribute('href')).toBe(
      'mailto:realtor@acme.test',
    );
  });

  it('leaves room for replies under each reminder and a history under each home', async () => {
    fetchMock.mockImplementation(async (input) => homeownerGet(urlOf(input), overview));
    renderPage(() => (
      <MyHomePage
        reminderActions={(reminder) => <p>answers for {reminder.task}</p>}
        history={(home) => <p>history of {home.addressLine}</p>}
      />
    ));
    expect(await screen.findByText('answers for Replace HVAC filter')).toBeTruthy();
    expect(screen.getByText('history of 3 Lake Road')).toBeTruthy();
  });

  it('tells a homeowner who stopped the emails, and how to start them again', async () => {
    fetchMock.mockImplementation(async (input) =>
      homeownerGet(urlOf(input), { ...overview, unsubscribedAt: '2026-11-01T00:00:00.000Z' }),
    );
    renderPage(() => <MyHomePage />);
    expect(await screen.findByText('You have stopped all reminder emails')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start reminder emails again' })).toBeTruthy();
  });

  it('tells a homeowner whose address bounced, and takes their word that it is right', async () => {
    const stopped = {
      ...overview,
      emailStopped: { reason: 'bounce' as const, since: '2026-11-20T15:00:00.000Z' },
    };
    let confirmed = false;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') {
        confirmed = urlOf(input).includes('/api/homeowner/email/confirm?');
        return json({ message: 'Thank you. We will email hana@example.org again.' });
      }
      return homeownerGet(urlOf(input), confirmed ? overview : stopped);
    });
    renderPage(() => <MyHomePage />);
    expect(await screen.findByText('Our emails to hana@example.org are not arriving')).toBeTruthy();
    expect(
      screen.getByText(/^Since Friday, November 20, 2026 your mail server has refused them/),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'This address is right' }));
    await waitFor(() => expect(confirmed).toBe(true));
    await waitFor(() =>
      expect(screen.queryByText('Our emails to hana@example.org are not arriving')).toBeNull(),
    );
  });

  it('turns one reminder off with its switch', async () => {
    answerPut('The reminder is off.');
    renderPage(() => <MyPreferencesPage />, '/my-home/preferences');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: /^Replace HVAC filter/ });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    expect(sentPut().url).toContain('/api/homeowner/reminders/sub-1');
    expect(sentPut().body).toEqual({ on: false });
  });

  it('chooses when the home’s reminders come', async () => {
    answerPut('Reminders for this home will now come 1 week before.');
    renderPage(() => <MyPreferencesPage />, '/my-home/preferences');
    const user = userEvent.setup();
    // The first home's choice; each home has its own.
    const [group] = await screen.findAllByRole('radiogroup', { name: 'When to remind me' });
    expect(
      within(group!).getByRole<HTMLInputElement>('radio', { name: 'On the day it is due' }).checked,
    ).toBe(true);
    await user.click(within(group!).getByRole('radio', { name: '1 week before' }));
    expect(sentPut().url).toContain('/api/homeowner/homes/home-1/reminder-timing');
    expect(sentPut().body).toEqual({ leadDays: 7 });
  });

  it('chooses one email a month, once for all the homes', async () => {
    answerPut('Done. From now on: one email a month.');
    renderPage(() => <MyPreferencesPage />, '/my-home/preferences');
    const user = userEvent.setup();
    // One choice, not one a home: it is the homeowner's.
    const [group, ...others] = await screen.findAllByRole('radiogroup', { name: 'How often to email me' });
    expect(others).toHaveLength(0);
    expect(
      within(group!).getByRole<HTMLInputElement>('radio', { name: 'An email for each reminder' }).checked,
    ).toBe(true);
    await user.click(within(group!).getByRole('radio', { name: 'One email a month' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    expect(sentPut().url).toContain('/api/homeowner/homes/home-1/email-cadence');
    expect(sentPut().body).toEqual({ emailCadence: 'monthly' });
  });

  it('offers no choice of how often to a homeowner who stopped all the emails', async () => {
    fetchMock.mockImplementation(async (input) =>
      homeownerGet(urlOf(input), { ...overview, unsubscribedAt: '2026-11-01T00:00:00.000Z' }),
    );
    renderPage(() => <MyPreferencesPage />, '/my-home/preferences');
    expect(await screen.findByRole('button', { name: 'Start reminder emails again' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'How often to email me' })).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientActivity } from '@homeminder/shared/contracts/replies';
import { putOffWithinDays } from '@homeminder/shared/reply-words';
import { homeownerReplyLabels } from '@homeminder/shared/contracts/homeowner';
import { json, stubFetch, urlOf } from '../../test/fetch';
import { renderScreen, testQueryClient } from '../../test/render';
import { ReplyHistory } from './reply-history';
import { MyHomePage } from './my-home-page';
import { ReminderReplies } from './reminder-replies';
import { activeHome, homeownerGet, testOverview } from './test-homeowner';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const zone = testOverview.timeZone;
const overview = testOverview;

const notHandled = { handledAt: null, handledByName: null, handledNote: null };

const history: ClientActivity = {
  items: [
    {
      id: 'a-2',
      kind: 'later',
      source: 'signed-in',
      task: 'Clean gutters',
      propertyId: 'home-1',
      propertyAddress: '12 Elm Street, Springfield, MA 01101',
      dueAt: '2026-11-20T14:00:00.000Z',
      doneOn: null,
      movedTo: '2026-11-27T14:00:00.000Z',
      note: null,
      createdAt: '2026-11-21T15:00:00.000Z',
      ...notHandled,
    },
    {
      id: 'a-1',
      kind: 'done',
      source: 'email',
      task: 'Replace HVAC filter',
      propertyId: 'home-1',
      propertyAddress: '12 Elm Street, Springfield, MA 01101',
      dueAt: '2026-09-01T13:00:00.000Z',
      doneOn: '2026-09-03',
      movedTo: null,
      note: 'Used a 16x25 filter',
      ...notHandled,
      createdAt: '2026-09-03T18:00:00.000Z',
    },
  ],
};

function renderPage() {
  return renderScreen(
    () => (
      <MyHomePage
        reminderActions={(reminder) => <ReminderReplies reminder={reminder} timeZone={zone} />}
        history={(home) => <ReplyHistory home={home} timeZone={zone} />}
      />
    ),
    { path: '/my-home', queryClient: testQueryClient() },
  );
}

describe("the homeowner's replies and history", () => {
  const fetchMock = stubFetch();
  const replyCalls = () =>
    fetchMock.mock.calls.filter(
      ([input, init]) => init?.method === 'POST' && urlOf(input).includes('/answer'),
    );

  const serve = (items: ClientActivity['items'], respond: () => Response) =>
    fetchMock.mockImplementation(async (input, init) => {
      const url = urlOf(input);
      if (init?.method === 'POST') return respond();
      if (url.includes('/homeowner/history')) return json({ items });
      return homeownerGet(url, overview);
    });

  it('lists the history newest first, in words, with kind, detail and note', async () => {
    serve(history.items, () => json({}));
    renderPage();
    const section = await screen.findByRole('region', { name: 'History' });
    const lines = await within(section).findAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('Clean gutters'),
      expect.stringContaining('Replace HVAC filter'),
    ]);
    expect(lines[0]!.textContent).toContain('Put off');
    expect(lines[0]!.textContent).toContain('Moved to Friday, November 27, 2026');
    expect(lines[1]!.textContent).toContain('Recorded on Thursday, September 3, 2026');
    expect(lines[1]!.textContent).toContain('Done on Thursday, September 3, 2026');
    expect(lines[1]!.textContent).toContain('Used a 16x25 filter');
  });

  it('says a help request is in hand once staff handled it', async () => {
    const asked = {
      ...history.items[0]!,
      id: 'a-3',
      kind: 'help' as const,
      movedTo: null,
      note: 'Which filter?',
    };
    serve(
      [
        { ...asked, task: 'Service furnace', handledAt: '2026-11-24T16:00:00.000Z' },
        { ...asked, id: 'a-4', task: 'Clean gutters' },
      ],
      () => json({}),
    );
    renderPage();
    const section = await screen.findByRole('region', { name: 'History' });
    const [handled, open] = await within(section).findAllByRole('listitem');
    expect(handled!.textContent).toContain('Your realtor has this in hand since Tuesday, November 24, 2026.');
    expect(open!.textContent).not.toContain('in hand');
  });

  it('says when there is no history yet', async () => {
    serve([], () => json({}));
    renderPage();
    expect(await screen.findByText(homeownerReplyLabels.historyEmpty)).toBeTruthy();
  });

  it('"Done" asks for a date and a note, sends them and tells the next date', async () => {
    serve([], () => json({ message: 'Recorded. Next due Monday, March 1, 2027.', recorded: true }));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    const dialog = await screen.findByRole('dialog', { name: /Mark "Replace HVAC filter" as done/ });
    const date = within(dialog).getByLabelText<HTMLInputElement>('Date done');
    expect(date.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await user.clear(date);
    await user.type(date, '2026-11-02');
    await user.type(within(dialog).getByLabelText('Note (optional)'), ' 16x25 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(show).toHaveBeenCalled());
    const [call] = replyCalls();
    expect(urlOf(call![0])).toContain('/api/homeowner/reminders/sub-1/answer');
    expect(JSON.parse(call![1]?.body as string)).toEqual({
      kind: 'done',
      note: '16x25',
      doneOn: '2026-11-02',
    });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Recorded. Next due Monday, March 1, 2027.' }),
    );
  });

  /** Today as the page reads it: `days` before the test reminder's due date. */
  const daysBeforeDue = (days: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.parse(activeHome.reminders[0]!.nextDueAt) - days * 86_400_000));
  };
  afterEach(() => vi.useRealTimers());

  it('offers "Remind me later" only for what is due within a month', async () => {
    daysBeforeDue(putOffWithinDays + 15);
    serve([], () => json({}));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Done' })).toBeTruthy();
    expect(screen.getByRole('button', { name: "I'd like help" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remind me later' })).toBeNull();
  });

  it('"Remind me later" acts at once, and shows the refusal the API gives', async () => {
    daysBeforeDue(5);
    show.mockClear();
    const refusal = 'This reminder has been put off 3 times already; it cannot be put off again.';
    serve([], () => json({ Errors: [refusal] }, 409));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remind me later' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: refusal })));
    expect(JSON.parse(replyCalls()[0]![1]?.body as string)).toEqual({ kind: 'later' });
  });

  it('"I\'d like help" sends the note and says the realtor has been told', async () => {
    show.mockClear();
    const told = 'Your realtor Rita Realtor has been told. Someone will be in touch soon.';
    serve([], () => json({ message: told, recorded: true }));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "I'd like help" }));
    const dialog = await screen.findByRole('dialog', { name: /Ask for help/ });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'The gutter is high');
    await user.click(within(dialog).getByRole('button', { name: 'Send my request' }));
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: told })));
    expect(JSON.parse(replyCalls()[0]![1]?.body as string)).toEqual({
      kind: 'help',
      note: 'The gutter is high',
    });
  });
});

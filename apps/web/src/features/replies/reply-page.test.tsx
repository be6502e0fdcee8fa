import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type AppLoadContext } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReplyPreview } from '@homeminder/shared/contracts/replies';
import { replyMessages } from '@homeminder/shared/reply-words';
import { action, loader } from './reply-data';
import { Component as ReplyPage } from './reply-page';

const preview: ReplyPreview = {
  action: 'done',
  brand: { name: 'Acme Realty', colour: '#1864ab' },
  clientFirstName: 'Hal',
  task: 'Replace HVAC filter',
  propertyAddress: '12 Harbor Road, Springfield, IL 62704',
  dueDateText: 'Tuesday, November 24, 2026',
  today: '2026-11-24',
  movedToText: null,
  putOffsLeft: 3,
  toRealtor: true,
  refusal: null,
  alreadyRecorded: null,
};

/** The API as the server responds in-process: each request recorded, each response from `respond`. */
const calls: { method: string; path: string; body: unknown }[] = [];
let respond: (path: string) => { status: number; body: unknown } = () => ({ status: 200, body: preview });
const context = {
  nonce: '',
  dataRequest: false,
  fetchApi: async (request: Request) => {
    const path = new URL(request.url).pathname;
    calls.push({ method: request.method, path, body: request.body ? await request.json() : null });
    const { status, body } = respond(path);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  },
  viewer: null,
} satisfies AppLoadContext;

function open(address: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/answer/:action',
        Component: ReplyPage,
        loader: (args) => loader({ ...args, context }),
        action: (args) => action({ ...args, context }),
      },
    ],
    { initialEntries: [address] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

afterEach(() => {
  calls.length = 0;
  vi.clearAllMocks();
});

describe('the reply page of a reminder link', () => {
  it('shows what will happen and records it only when the button is pressed', async () => {
    respond = (path) =>
      path.endsWith('/preview')
        ? { status: 200, body: preview }
        : {
            status: 200,
            body: {
              message: replyMessages.done,
              nextDueText: 'Wednesday, February 24, 2027',
              recorded: true,
            },
          };
    open('/answer/done?token=t0k3n');
    expect(await screen.findByText('Replace HVAC filter')).toBeTruthy();
    expect(screen.getByText('Due Tuesday, November 24, 2026')).toBeTruthy();
    expect(calls).toEqual([
      { method: 'POST', path: '/ui/api/answers/done/preview', body: { token: 't0k3n' } },
    ]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Size 20x25');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(replyMessages.done);
    expect(status.textContent).toContain('Your next reminder for this task: Wednesday, February 24, 2027.');
    expect(calls[1]).toEqual({
      method: 'POST',
      path: '/ui/api/answers/done',
      body: { token: 't0k3n', note: 'Size 20x25', doneOn: '2026-11-24' },
    });
  });

  it("shows the API's refusal of the reply beside the button", async () => {
    respond = (path) =>
      path.endsWith('/preview')
        ? { status: 200, body: { ...preview, action: 'help' } }
        : { status: 429, body: { Errors: ['Too many answers from this address. Try again in an hour.'] } };
    open('/answer/help?token=t0k3n');
    await userEvent.click(await screen.findByRole('button', { name: 'Send my request' }));
    expect(await screen.findByText('Too many answers from this address. Try again in an hour.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send my request' })).toBeTruthy();
  });

  it('says a reply was given already, and offers no button', async () => {
    respond = () => ({
      status: 200,
      body: {
        ...preview,
        alreadyRecorded: {
          onText: 'Tuesday, November 24, 2026',
          detail: 'Done on Monday, November 23, 2026',
        },
      },
    });
    open('/answer/done?token=t0k3n');
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'Already recordedAlready recorded on Tuesday, November 24, 2026. Done on Monday, November 23, 2026.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('gives one clear message for a link that does not work, or an unknown reply, or none', async () => {
    respond = () => ({ status: 400, body: { Errors: [replyMessages.invalidLink] } });
    open('/answer/later?token=bad');
    expect(await screen.findByText(replyMessages.invalidLink)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();

    open('/answer/delete?token=bad');
    await waitFor(() => expect(screen.getAllByText(replyMessages.invalidLink)).toHaveLength(2));
    open('/answer/done');
    expect(await screen.findByText(replyMessages.noToken)).toBeTruthy();
    // Neither asked the API.
    expect(calls).toHaveLength(1);
  });

  it('fails the page, rather than blaming the link, when the server fails', async () => {
    respond = () => ({ status: 500, body: { Errors: ['Something went wrong.'] } });
    await expect(
      loader({
        request: new Request('http://x/answer/done?token=t'),
        params: { action: 'done' },
        context,
      } as never),
    ).rejects.toThrow('Something went wrong.');
  });
});

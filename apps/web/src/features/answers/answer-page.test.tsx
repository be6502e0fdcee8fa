import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerMessages, type AnswerPreview } from '@homeminder/shared/contracts/answers';
import { ApiError } from '../../lib/api-error';
import { api } from '../../lib/http';
import { mockOf } from '../../test/api-mock';
import { testQueryClient } from '../../test/render';
import { Component as AnswerPage } from './answer-page';

vi.mock(import('../../lib/http'), async (importOriginal) => ({
  ...(await importOriginal()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const preview: AnswerPreview = {
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

function open(address: string) {
  const router = createMemoryRouter([{ path: '/answer/:action', Component: AnswerPage }], {
    initialEntries: [address],
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.clearAllMocks());

describe('the answer page of a reminder link', () => {
  it('shows what will happen and records it only when the button is pressed', async () => {
    mockOf(api.post).mockImplementation((path: string) =>
      Promise.resolve(
        path === '/answers/:action/preview'
          ? preview
          : { message: answerMessages.done, nextDueText: 'Wednesday, February 24, 2027', recorded: true },
      ),
    );
    open('/answer/done?token=t0k3n');
    expect(await screen.findByText('Replace HVAC filter')).toBeTruthy();
    expect(screen.getByText('Due Tuesday, November 24, 2026')).toBeTruthy();
    expect(mockOf(api.post).mock.calls.map(([path]) => path)).toEqual(['/answers/:action/preview']);

    await userEvent.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Size 20x25');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(answerMessages.done);
    expect(status.textContent).toContain('Your next reminder for this task: Wednesday, February 24, 2027.');
    expect(mockOf(api.post)).toHaveBeenLastCalledWith('/answers/:action', {
      params: { action: 'done' },
      body: { token: 't0k3n', note: 'Size 20x25', doneOn: undefined },
    });
  });

  it('says an answer was given already, and offers no button', async () => {
    mockOf(api.post).mockResolvedValue({
      ...preview,
      alreadyRecorded: { onText: 'Tuesday, November 24, 2026', detail: 'Done on Monday, November 23, 2026' },
    });
    open('/answer/done?token=t0k3n');
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(
      'Already recordedAlready recorded on Tuesday, November 24, 2026. Done on Monday, November 23, 2026.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('gives one clear message for a link that does not work, or an unknown answer', async () => {
    mockOf(api.post).mockRejectedValue(new ApiError([answerMessages.invalidLink], 400));
    open('/answer/later?token=bad');
    expect(await screen.findByText(answerMessages.invalidLink)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();

    open('/answer/delete?token=bad');
    expect((await screen.findAllByText(answerMessages.invalidLink)).length).toBe(2);
  });
});

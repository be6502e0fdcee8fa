import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invitation } from '@homeminder/shared/contracts/account';
import type { WhoAmI } from '@homeminder/shared/contracts/auth';
import { useSession } from '../../lib/session-store';
import { json } from '../../test/fetch';
import { renderScreen, testQueryClient } from '../../test/render';
import { Component as RegisterPage } from './register-page';

const hvac = '3f1c2a4e-8d7b-4c1e-9a2f-5b6c7d8e9f01';
const gutters = '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c02';

const invitation: Invitation = {
  firstName: 'Ivy',
  lastName: 'Invitee',
  email: 'ivy@example.org',
  corporationName: 'Birch Homes',
  realtorName: 'Ben Brooks',
  expiresAt: '2026-12-01T00:00:00.000Z',
  subscriptions: [
    {
      id: hvac,
      reminderName: 'Replace HVAC filter',
      frequencyName: 'Quarterly',
      property: '7 Lane, Portland, OR 97205',
    },
    {
      id: gutters,
      reminderName: 'Clean gutters',
      frequencyName: 'Semi-annual',
      property: '7 Lane, Portland, OR 97205',
    },
  ],
};

function renderRegister(path: string) {
  const client = testQueryClient();
  const Page = () => (
    <QueryClientProvider client={client}>
      <RegisterPage />
    </QueryClientProvider>
  );
  return renderScreen(Page, { path, others: { '/my-home': () => <p>My Home, signed in</p> } });
}

const ivySignedIn: WhoAmI = {
  isAuthenticated: true,
  tenantID: 'birch',
  userID: 'ivy',
  name: 'Ivy Invitee',
  email: 'ivy@example.org',
  roles: [],
  privileges: [],
  tenantName: 'Birch Homes',
  impersonatedBy: null,
  kind: 'client',
};

describe('Register page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clearBearerToken();
  });

  it(
    'shows who is invited with every reminder ticked, and sends the choice made',
    { timeout: 15_000 },
    async () => {
      const pathOf = (input: Parameters<typeof fetch>[0]) => (typeof input === 'string' ? input : '');
      const fetchMock = vi.fn<typeof fetch>(async (input) =>
        pathOf(input).includes('/auth/register/invitation?')
          ? json(invitation)
          : pathOf(input).includes('/auth/who-am-i')
            ? json(ivySignedIn)
            : json(
                {
                  message: 'Your HomeMinder sign-in is ready.',
                  reminders: ['Replace HVAC filter'],
                  token: 'ivy-session',
                  expiresAt: '2026-12-01T02:00:00.000Z',
                },
                201,
              ),
      );
      vi.stubGlobal('fetch', fetchMock);
      const { router } = renderRegister('/register?token=the-token');
      const user = userEvent.setup();

      expect(await screen.findByText(/Ben Brooks of Birch Homes invited you/)).toBeTruthy();
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' }).readOnly).toBe(true);
      const guttersBox = screen.getByRole<HTMLInputElement>('checkbox', {
        name: 'Clean gutters (semi-annual)',
      });
      expect(guttersBox.checked).toBe(true);
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /HVAC/ }).checked).toBe(true);

      await user.click(guttersBox);
      await user.click(screen.getByLabelText(/^password/i, { selector: 'input' }));
      await user.paste('Ivy-Invited9!');
      await user.click(screen.getByLabelText(/^confirm the password/i, { selector: 'input' }));
      await user.paste('Ivy-Invited9!');
      await user.click(screen.getByRole('button', { name: 'Create my sign-in' }));

      // Registered means signed in: the homeowner lands on their own page with the new session.
      expect(await screen.findByText('My Home, signed in')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/my-home');
      expect(useSession.getState().bearerToken).toBe('ivy-session');
      const [, init] = fetchMock.mock.calls.find(([input]) => pathOf(input).includes('/auth/register?'))!;
      expect(JSON.parse(init?.body as string)).toEqual({
        token: 'the-token',
        password: 'Ivy-Invited9!',
        confirmPassword: 'Ivy-Invited9!',
        subscriptionIds: [hvac],
      });
    },
  );

  it("shows the server's message for a link that is not valid any more", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json({ Errors: ['This invitation link is not valid any more.'] }, 404)),
    );
    renderRegister('/register?token=used');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('This invitation link is not valid any more.'),
    );
    expect(screen.queryByRole('button', { name: 'Create my sign-in' })).toBeNull();
  });

  it('asks for the link from the email when there is none', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderRegister('/register');
    expect((await screen.findByRole('alert')).textContent).toContain('the link from your invitation email');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMessages, type Invitation } from '@homeminder/shared/contracts/account';
import type { WhoAmI } from '@homeminder/shared/contracts/auth';
import { messages } from '@homeminder/shared/validation/messages';
import { useSession } from '../../lib/session-store';
import { json } from '../../test/fetch';
import { inProcessApi, renderServerPage } from '../../test/server-page';
import { action, loader, registerNoToken } from './register-data';
import { clientAction, Component } from './register-page';

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

const registered = {
  message: 'Your HomeMinder sign-in is ready.',
  reminders: ['Replace HVAC filter'],
  token: 'ivy-session',
  expiresAt: '2026-12-01T02:00:00.000Z',
};

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

const api = inProcessApi();
const page = { Component, loader, action, clientAction };
const open = (address: string, script = true) =>
  renderServerPage(page, address, { api, script, others: { '/my-home': () => <p>My Home, signed in</p> } });

/** Types the same password in both fields and sends the form. */
async function register(password: string) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(/^password/i, { selector: 'input' }));
  await user.paste(password);
  await user.click(screen.getByLabelText(/^confirm the password/i, { selector: 'input' }));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: 'Create my sign-in' }));
}

afterEach(() => {
  api.calls.length = 0;
  vi.unstubAllGlobals();
  useSession.getState().clearBearerToken();
});

describe('Register page', () => {
  it(
    'shows who is invited with every reminder ticked, sends the choice made and signs the homeowner in',
    { timeout: 15_000 },
    async () => {
      api.respond = (path) =>
        path.endsWith('/invitation') ? { status: 200, body: invitation } : { status: 201, body: registered };
      // Signing in asks who-am-i from the browser.
      vi.stubGlobal(
        'fetch',
        vi.fn<typeof fetch>(async () => json(ivySignedIn)),
      );
      const { router } = open('/register?token=the-token');

      expect(await screen.findByText(/Ben Brooks of Birch Homes invited you/)).toBeTruthy();
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' }).readOnly).toBe(true);
      const guttersBox = screen.getByRole<HTMLInputElement>('checkbox', {
        name: 'Clean gutters (semi-annual)',
      });
      expect(guttersBox.checked).toBe(true);
      expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /HVAC/ }).checked).toBe(true);
      expect(api.calls).toEqual([
        { method: 'POST', path: '/ui/api/auth/register/invitation', body: { token: 'the-token' } },
      ]);

      await userEvent.click(guttersBox);
      await register('Ivy-Invited9!');

      // Registered means signed in: the homeowner lands on their own page with the new session.
      expect(await screen.findByText('My Home, signed in')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/my-home');
      expect(useSession.getState().bearerToken).toBe('ivy-session');
      expect(api.calls[1]).toEqual({
        method: 'POST',
        path: '/ui/api/auth/register',
        body: {
          token: 'the-token',
          password: 'Ivy-Invited9!',
          confirmPassword: 'Ivy-Invited9!',
          subscriptionIds: [hvac],
        },
      });
    },
  );

  it('without the script, says the sign-in is ready and leads to Login, holding no token', async () => {
    api.respond = (path) =>
      path.endsWith('/invitation')
        ? // The link is used up once registered: the page shows the sign-in made, not that.
          api.calls.length > 1
          ? { status: 404, body: { Errors: [accountMessages.invitationInvalid] } }
          : { status: 200, body: invitation }
        : { status: 201, body: registered };
    const { container } = open('/register?token=the-token', false);
    await screen.findByText(/invited you/);
    await register('Ivy-Invited9!');

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Your HomeMinder sign-in is ready.');
    expect(status.textContent).toContain('Sign in with your email and the password you chose.');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(container.innerHTML).not.toContain('ivy-session');
    expect(useSession.getState().bearerToken).toBeNull();
  });

  it('gives the session token only to a response for the page script', async () => {
    api.respond = () => ({ status: 201, body: registered });
    const post = (dataRequest: boolean) =>
      api.postForm(
        action,
        '/register?token=t',
        [
          ['password', 'Ivy-Invited9!'],
          ['confirmPassword', 'Ivy-Invited9!'],
          ['subscriptionIds', hvac],
        ],
        dataRequest,
      );
    expect((await post(false)).registered?.session).toBeNull();
    expect((await post(true)).registered?.session).toEqual({
      token: 'ivy-session',
      expiresAt: registered.expiresAt,
    });
  });

  it('checks a posted form with the shared rules before asking the API, and keeps the choice made', async () => {
    const response = await api.postForm(action, '/register?token=t', [
      ['password', 'short'],
      ['confirmPassword', 'other'],
      ['subscriptionIds', gutters],
    ]);
    expect(response.fieldErrors?.['password']).toBe(messages.passwordTooShort);
    expect(response.fieldErrors?.['confirmPassword']).toBe(messages.passwordMismatch);
    expect(response.subscriptionIds).toEqual([gutters]);
    expect(api.calls).toEqual([]);
  });

  it("shows the API's refusal of the form beside it", async () => {
    api.respond = (path) =>
      path.endsWith('/invitation')
        ? { status: 200, body: invitation }
        : { status: 400, body: { Errors: [accountMessages.invitationUnknownSubscription] } };
    open('/register?token=the-token');
    await screen.findByText(/invited you/);
    await register('Ivy-Invited9!');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(accountMessages.invitationUnknownSubscription),
    );
    expect(screen.getByRole('button', { name: 'Create my sign-in' })).toBeTruthy();
  });

  it("shows the server's message for a link that is not valid any more", async () => {
    api.respond = () => ({ status: 404, body: { Errors: [accountMessages.invitationInvalid] } });
    open('/register?token=used');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(accountMessages.invitationInvalid),
    );
    expect(screen.queryByRole('button', { name: 'Create my sign-in' })).toBeNull();
  });

  it('asks for the link from the email when there is none, without asking the API', async () => {
    open('/register');
    expect((await screen.findByRole('alert')).textContent).toBe(registerNoToken);
    expect(api.calls).toEqual([]);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { accountMessages } from '@homeminder/shared/contracts/account';
import { messages } from '@homeminder/shared/validation/messages';
import { useSession } from '../../lib/session-store';
import { inProcessApi, renderServerPage } from '../../test/server-page';
import { action, loader, resetNoToken, type ResetActionData } from './reset-password-data';
import { clientAction, Component } from './reset-password-page';

const changed = { message: 'Your password has been changed. Sign in with the new one.' };

const api = inProcessApi();
const page = { Component, loader, action, clientAction };
const open = (address: string, options: Omit<Parameters<typeof renderServerPage>[2], 'api'> = {}) =>
  renderServerPage(page, address, { api, others: { '/login': () => <p>Sign in here</p> }, ...options });

/** Types a new password in both fields and sends the form. */
async function change(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.click(await screen.findByLabelText(/^new password/i, { selector: 'input' }));
  await user.paste(password);
  await user.click(screen.getByLabelText(/^confirm the new password/i, { selector: 'input' }));
  await user.paste(confirm);
  await user.click(screen.getByRole('button', { name: 'Change my password' }));
}

afterEach(() => {
  api.calls.length = 0;
  useSession.getState().clearBearerToken();
});

describe('Reset password page', () => {
  it('checks the link, changes the password, signs this browser out and goes to Login', async () => {
    useSession.setState({ bearerToken: 'old-session' });
    api.respond = (path) =>
      path.endsWith('/check') ? { status: 200, body: { valid: true } } : { status: 200, body: changed };
    const { router } = open('/reset?token=the-token');
    await change('Fresh-Start9!');

    expect(await screen.findByText('Sign in here')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().bearerToken).toBeNull();
    expect(api.calls).toEqual([
      { method: 'POST', path: '/ui/api/auth/reset-password/check', body: { token: 'the-token' } },
      {
        method: 'POST',
        path: '/ui/api/auth/reset-password',
        body: { token: 'the-token', password: 'Fresh-Start9!', confirmPassword: 'Fresh-Start9!' },
      },
    ]);
  });

  it('without the script, says the password changed and leads to Login', async () => {
    // Once used, the link checks as not valid: the page shows the change, not that.
    api.respond = (path) =>
      path.endsWith('/check')
        ? { status: 200, body: { valid: api.calls.length < 2 } }
        : { status: 200, body: changed };
    open('/reset?token=the-token', { script: false });
    await change('Fresh-Start9!');
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(changed.message);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it.each([true, false])(
    "shows every message of the API's refusal with a way to ask for a new link (script: %s)",
    async (script) => {
      const refusal = [accountMessages.resetLinkInvalid, messages.repeatingCharacters];
      api.respond = (path) =>
        path.endsWith('/check')
          ? { status: 200, body: { valid: true } }
          : { status: 400, body: { Errors: refusal } };
      open('/reset?token=the-token', { script });
      await change('Fresh-Start9!');
      await waitFor(() => {
        const alert = screen.getByRole('alert').textContent;
        for (const message of refusal) expect(alert).toContain(message);
      });
      expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Change my password' })).toBeTruthy();
    },
  );

  it('checks a posted form with the shared rules, and the page shows their messages by the fields', async () => {
    const response = await api.postForm(action, '/reset?token=t', [
      ['password', 'short'],
      ['confirmPassword', 'other'],
    ]);
    expect(response.fieldErrors).toEqual({
      password: messages.passwordTooShort,
      confirmPassword: messages.passwordMismatch,
    });
    expect(api.calls).toEqual([]);

    open('/reset?token=t', { rendered: { loaderData: { problem: null }, actionData: response } });
    // The checklist names the rule too; the field says it is broken.
    expect(await screen.findByText(messages.passwordMismatch)).toBeTruthy();
    expect(screen.getAllByText(messages.passwordTooShort)).toHaveLength(2);
    const password = screen.getByLabelText(/^new password/i, { selector: 'input' });
    expect(password.getAttribute('aria-invalid')).toBe('true');
  });

  it('says at once that a used link does not work, or that there is no link', async () => {
    api.respond = () => ({ status: 200, body: { valid: false } });
    open('/reset?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change my password' })).toBeNull();

    const response: ResetActionData = await api.postForm(action, '/reset', []);
    expect(response.problem).toEqual([resetNoToken]);
    expect(api.calls).toHaveLength(1);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { forgetSessionEnded, rememberSessionEnded } from '../../lib/session-ended';
import { Component as LoginPage } from './login-page';

describe('Login page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['the shared email message', 'not-an-email', 'Email address is not valid'],
    ['that a short address is too short', 'a@b', 'Email cannot be less than 5 characters long'],
  ])('shows %s as the user leaves the email field', async (_, typed, message) => {
    renderScreen(LoginPage, { path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /email/i }), typed);
    await user.tab();
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('says nothing of the fields tabbed through empty, then marks both on Sign in', async () => {
    renderScreen(LoginPage, { path: '/login' });
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: /email/i });
    const password = screen.getByLabelText(/^password/i);
    await user.click(email);
    await user.tab();
    expect(document.activeElement).toBe(password);
    await user.tab();
    // The password's show button comes next in the Tab order.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show password' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(password.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for both fields on submit without calling the server', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(LoginPage, { path: '/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This value is required')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message when the sign-in is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        async () => new Response('{"Errors":["The email or password is not correct."]}', { status: 401 }),
      ),
    );
    renderScreen(LoginPage, { path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'realtor@acme.test');
    await user.type(screen.getByLabelText(/^password/i), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('The email or password is not correct.'),
    );
  });
});

describe('Login after a session ended on its own', () => {
  afterEach(() => forgetSessionEnded());

  it('says the session ended and that unsaved changes were lost, once', () => {
    rememberSessionEnded('changes-lost');
    const { unmount } = renderScreen(LoginPage, { path: '/login' });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Your session has ended');
    expect(notice.textContent).toContain('Changes you had not saved were lost.');
    unmount();
    renderScreen(LoginPage, { path: '/login' });
    expect(screen.queryByText('Your session has ended')).toBeNull();
  });

  it('says nothing of changes when none were lost', () => {
    rememberSessionEnded('ended');
    renderScreen(LoginPage, { path: '/login' });
    expect(screen.getByRole('status').textContent).not.toContain('Changes you had not saved');
  });
});

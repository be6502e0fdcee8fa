import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@homeminder/shared/validation/messages';
import type { TenantUser } from '@homeminder/shared/contracts/tenant-users';
import { ChangePasswordForm } from '../components/form/change-password-form';
import { CreateUserForm, EditUserForm } from '../features/users/components/tenant-user-form';
import { Component as ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { Component as LoginPage } from '../features/auth/login-page';
import { useChangePassword } from '../features/settings/api';
import { NotificationForm } from '../features/notifications/notification-form';
import { TemplateForm } from '../features/templates/template-form';
import { json, stubFetch } from '../test/fetch';
import { renderScreen, renderWithProviders } from '../test/render';

/** What the server responds with when it refuses two fields at once. */
const refusal = [messages.emailInvalid, messages.passwordTooShort];

const fetchMock = stubFetch();

/** Every form that sends a person's input, filled as its rules accept, and how to send it. */
const forms: Array<{
  name: string;
  render: () => void;
  fill: (user: UserEvent) => Promise<void>;
  send: string;
}> = [
  {
    name: 'Sign in',
    render: () => renderScreen(LoginPage, { path: '/login' }),
    fill: async (user) => {
      await user.type(screen.getByRole('textbox', { name: /email/i }), 'realtor@acme.test');
      await user.type(screen.getByLabelText(/^password/i), 'Demo-Passw0rd!');
    },
    send: 'Sign in',
  },
  {
    name: 'Forgot your password',
    render: () => renderScreen(ForgotPasswordPage, { path: '/forgotpassword' }),
    fill: (user) => user.type(screen.getByRole('textbox', { name: /email/i }), 'realtor@acme.test'),
    send: 'Send the reset link',
  },
  {
    name: 'Change my password',
    render: () => renderWithProviders(<StaffPasswordForm />),
    fill: async (user) => {
      await user.type(screen.getByLabelText(/^current password/i, { selector: 'input' }), 'Demo-Passw0rd!');
      await user.type(screen.getByLabelText(/^new password/i, { selector: 'input' }), 'Fresh-Start9!');
      await user.type(screen.getByLabelText(/^confirm/i, { selector: 'input' }), 'Fresh-Start9!');
    },
    send: 'Change password',
  },
  {
    name: 'New template',
    render: () =>
      renderWithProviders(<TemplateForm onCreated={() => undefined} onCancel={() => undefined} />, {
        router: true,
      }),
    fill: async (user) => {
      await user.type(screen.getByRole('textbox', { name: /^name/i }), 'Welcome letter');
      await user.type(screen.getByRole('textbox', { name: /template id/i }), 'welcome-letter');
    },
    send: 'Create template',
  },
  {
    name: 'New message to users',
    render: () =>
      renderWithProviders(
        <NotificationForm notification={null} timeZone="America/New_York" onDone={() => undefined} />,
        { router: true },
      ),
    fill: async (user) => {
      await user.type(screen.getByRole('textbox', { name: /^title/i }), 'Planned maintenance');
      await user.type(screen.getByRole('textbox', { name: /^message/i }), 'The portal pauses at noon.');
    },
    send: 'Create message',
  },
  {
    name: 'Add a user',
    render: () => renderWithProviders(<CreateUserForm roles={['Realtor']} />, { router: true }),
    fill: async (user) => {
      await user.type(screen.getByRole('textbox', { name: /^email/i }), 'new.realtor@acme.test');
      await user.type(screen.getByRole('textbox', { name: /^first name/i }), 'Robin');
      await user.type(screen.getByRole('textbox', { name: /^last name/i }), 'Hale');
    },
    send: 'Add user',
  },
  {
    name: "A user's details",
    render: () =>
      renderWithProviders(<EditUserForm user={someUser} roles={['Realtor', 'Managers']} />, { router: true }),
    fill: async (user) => {
      const lastName = screen.getByRole('textbox', { name: /^last name/i });
      await user.clear(lastName);
      await user.type(lastName, 'Hale-Moreno');
    },
    send: 'Save changes',
  },
];

const someUser: TenantUser = {
  id: '6d1f7f5e-6a43-4c55-9f0a-6f0b3c1f2a10',
  email: 'robin.hale@acme.test',
  firstName: 'Robin',
  lastName: 'Hale',
  phone: null,
  role: 'Realtor',
  tenantId: '0b6a1f34-2a57-4a8e-9b5e-3a2f1c0d9e11',
  companyName: 'Acme Realty',
  enabled: true,
  lastLoginAt: null,
  createdAt: '2026-01-05T15:00:00.000Z',
  hasProfileImage: false,
};

/** The staff's password form, sending through its feature's call. */
function StaffPasswordForm() {
  const change = useChangePassword();
  return <ChangePasswordForm change={change.mutateAsync} note="" onChanged={() => undefined} />;
}

function respondToEveryChangeWith(errors: string[]) {
  fetchMock.mockImplementation(async (_input, init) =>
    // Reads (a name already taken, say) find nothing; the change itself is refused.
    (init?.method ?? 'GET') === 'GET' ? json(false) : json({ Errors: errors }, 400),
  );
}

describe('a form the server refuses for two fields', () => {
  it.each(forms)('$name shows both messages', async ({ render, fill, send }) => {
    respondToEveryChangeWith(refusal);
    render();
    const user = userEvent.setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: send }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => {
      for (const message of refusal) expect(alert.textContent).toContain(message);
    });
    expect(fetchMock.mock.calls.some(([, init]) => (init?.method ?? 'GET') !== 'GET')).toBe(true);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PasswordField } from './password-field';

describe('PasswordField', () => {
  it('reaches its show button by Tab, which shows the password and then offers to hide it', async () => {
    renderWithProviders(<PasswordField label="Password" />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Password');
    await user.click(input);
    await user.keyboard('Secret-1');
    expect(input.getAttribute('type')).toBe('password');

    await user.tab();
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(document.activeElement).toBe(show);
    await user.keyboard('{Enter}');
    expect(input.getAttribute('type')).toBe('text');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Hide password' }));

    await user.keyboard(' ');
    expect(input.getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
  });
});

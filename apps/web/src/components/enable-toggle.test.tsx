import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { EnableSelectionActions } from './enable-toggle';

describe('EnableSelectionActions', () => {
  it('offers Enable and Disable, busy only for the request running', async () => {
    const onSwitch = vi.fn();
    renderScreen(() => (
      <EnableSelectionActions busy={(action) => action === 'disable'} onSwitch={onSwitch} />
    ));
    const enable = screen.getByRole('button', { name: 'Enable' });
    expect(enable.hasAttribute('data-loading')).toBe(false);
    expect(screen.getByRole('button', { name: 'Disable' }).hasAttribute('data-loading')).toBe(true);
    await userEvent.setup().click(enable);
    expect(onSwitch).toHaveBeenCalledWith('enable');
  });
});

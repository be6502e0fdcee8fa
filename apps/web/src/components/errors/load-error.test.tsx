import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { renderScreen } from '../../test/render';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it('says what failed and why, and asks again when the person says so', async () => {
    const retry = vi.fn();
    renderScreen(() => (
      <LoadError
        title="The mail could not be loaded"
        error={new ApiError(['The server is busy.'], 503)}
        onRetry={retry}
      />
    ));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The mail could not be loaded');
    expect(alert.textContent).toContain('The server is busy.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

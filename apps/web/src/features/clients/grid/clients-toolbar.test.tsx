import type { ComponentProps } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultGridState } from '../../../components/data-grid';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { clientGridConfig, type ClientGridState } from './client-grid-query';
import { ClientsToolbar } from './clients-toolbar';

function renderToolbar(state: ClientGridState) {
  const update = vi.fn();
  // The toolbar reads the state and asks for changes; the rest of the address is not its own.
  const grid = { state, update } as unknown as ComponentProps<typeof ClientsToolbar>['grid'];
  renderWithProviders(
    <ClientsToolbar grid={grid} corporationWide={false}>
      {null}
    </ClientsToolbar>,
    { router: true },
  );
  return update;
}

describe('the client grid sort shortcuts', () => {
  const fetchMock = stubFetch();
  const defaults = defaultGridState(clientGridConfig);

  it('sort by Needs attention, newest first, or by the lowest health score', async () => {
    fetchMock.mockResolvedValue(json([]));
    const update = renderToolbar(defaults);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Needs attention first' }));
    expect(update).toHaveBeenLastCalledWith({ sort: { column: 'attention', dir: 'desc' } });
    await user.click(screen.getByRole('checkbox', { name: 'Lowest health first' }));
    expect(update).toHaveBeenLastCalledWith({ sort: { column: 'healthScore', dir: 'asc' } });
  });

  it('show the order in force, and untick back to no order', async () => {
    fetchMock.mockResolvedValue(json([]));
    const update = renderToolbar({ ...defaults, sort: { column: 'healthScore', dir: 'asc' } });
    const lowest = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Lowest health first' });
    expect(lowest.checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Needs attention first' }).checked).toBe(
      false,
    );
    await userEvent.setup().click(lowest);
    expect(update).toHaveBeenLastCalledWith({ sort: null });
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ListPager } from './list-pager';

describe('ListPager', () => {
  it('shows nothing for a single page', () => {
    renderWithProviders(
      <ListPager total={8} pageSize={8} page={1} onChange={vi.fn()} countText={(n) => `${n} in all`} />,
    );
    expect(screen.queryByText('8 in all')).toBeNull();
    expect(screen.queryByRole('button', { name: 'next page' })).toBeNull();
  });

  it('counts the rows in words and moves between pages', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ListPager
        total={1204}
        pageSize={8}
        page={1}
        onChange={onChange}
        countText={(n) => `${n} reminders`}
      />,
    );
    expect(screen.getByText('1,204 reminders')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'next page' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});

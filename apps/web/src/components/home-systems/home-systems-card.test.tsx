import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  homeSystemDetails,
  type HomeSystem,
  type HomeSystemValues,
} from '@homeminder/shared/contracts/home-systems';
import { renderWithProviders } from '../../test/render';
import { HomeSystemsCard } from './home-systems-card';

const today = new Date('2026-11-30T12:00:00Z');

/** The card over systems kept in memory, as the page's query and calls keep them. */
function KeptCard({ save }: { save: (change: { id?: string; values: HomeSystemValues }) => Promise<void> }) {
  const [items, setItems] = useState<HomeSystem[]>([]);
  return (
    <HomeSystemsCard
      systems={{ data: { items }, isPending: false, error: null, refetch: () => undefined }}
      save={async (change) => {
        await save(change);
        const kept = {
          ...change.values,
          id: change.id ?? `system-${items.length + 1}`,
          updatedAt: today.toISOString(),
        };
        setItems((before) =>
          change.id ? before.map((item) => (item.id === change.id ? kept : item)) : [...before, kept],
        );
      }}
      remove={async (id) => setItems((before) => before.filter((item) => item.id !== id))}
      audience="homeowner"
      headingOrder={3}
      today={today}
    />
  );
}

describe("a home's systems card", () => {
  it('adds a furnace with what is known of it, checked by the shared rules, then changes and removes it', async () => {
    const save = vi.fn(async (_change: { id?: string; values: HomeSystemValues }) => undefined);
    renderWithProviders(<KeptCard save={save} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a system or appliance' }));

    const form = screen.getByRole('form', { name: 'Add a system or appliance' });
    await user.click(within(form).getByRole('radio', { name: 'Gas furnace' }));
    await user.type(within(form).getByRole('textbox', { name: 'Year installed' }), '2009');
    const filter = within(form).getByRole('textbox', { name: homeSystemDetails.filterSize.label });
    await user.type(filter, 'big');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText(homeSystemDetails.filterSize.message)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await user.clear(filter);
    await user.type(filter, '16 x 25 x 1');
    await user.type(within(form).getByRole('textbox', { name: 'Brand' }), 'Carrier');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    const card = await screen.findByRole('region', { name: 'Your systems and appliances' });
    expect(save.mock.lastCall?.[0]).toMatchObject({
      id: undefined,
      values: {
        kind: 'heating',
        type: 'gasFurnace',
        installedYear: 2009,
        installedMonth: null,
        brand: 'Carrier',
        filterSize: '16x25x1',
        capacity: null,
      },
    });
    expect(within(card).getByText('Heating (Gas furnace)')).toBeTruthy();
    expect(
      within(card).getByText('Installed 2009, 17 years ago · Carrier · filter size 16x25x1'),
    ).toBeTruthy();
    // A furnace of 2009 nears the end of its typical life: said with what to do.
    expect(
      within(card).getByText(
        'Your gas furnace is 17 years old; gas furnaces usually last 15 to 20 years: have it checked, and start planning for a replacement.',
      ),
    ).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Change heating (gas furnace)' }));
    const change = screen.getByRole('form', { name: 'Change heating (gas furnace)' });
    await user.click(within(change).getByRole('radio', { name: 'Heat pump' }));
    await user.click(within(change).getByRole('button', { name: 'Save' }));
    expect(save.mock.lastCall?.[0]).toMatchObject({ id: 'system-1', values: { type: 'heatPump' } });
    const changed = await screen.findByRole('region', { name: 'Your systems and appliances' });
    expect(within(changed).getByText('Heating (Heat pump)')).toBeTruthy();

    await user.click(within(changed).getByRole('button', { name: 'Change heating (heat pump)' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Remove' }));
    const emptied = await screen.findByRole('region', { name: 'Your systems and appliances' });
    expect(within(emptied).queryByText('Heating (Heat pump)')).toBeNull();
  });

  it('asks only the details of the kind chosen, and starts another kind "not sure"', async () => {
    renderWithProviders(<KeptCard save={async () => undefined} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a system or appliance' }));
    const form = screen.getByRole('form', { name: 'Add a system or appliance' });
    expect(within(form).getByRole('textbox', { name: homeSystemDetails.filterSize.label })).toBeTruthy();
    await user.click(within(form).getByRole('combobox', { name: 'What is it?' }));
    await user.click(await screen.findByRole('option', { name: 'Water heater', hidden: true }));
    expect(within(form).queryByRole('textbox', { name: homeSystemDetails.filterSize.label })).toBeNull();
    expect(within(form).getByRole('textbox', { name: homeSystemDetails.capacity.label })).toBeTruthy();
    expect(within(form).getByRole('radio', { name: 'Not sure' })).toHaveProperty('checked', true);
  });
});

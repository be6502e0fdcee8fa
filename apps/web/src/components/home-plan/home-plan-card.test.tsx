import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HomePlanChange, HomePlanView } from '@homeminder/shared/contracts/home-plan';
import { ApiError } from '../../lib/api-error';
import { renderWithProviders } from '../../test/render';
import { HomePlanCard } from './home-plan-card';

const septic = {
  reminderId: 'septic',
  name: 'Pump the septic tank',
  because: 'The home has a septic system.',
  details: [],
  when: null,
};
const plan: HomePlanView = {
  fits: [
    {
      reminderId: 'filter',
      name: 'Replace HVAC filter',
      because: "The home's heating: gas furnace.",
      details: ['Filter 16x25x1'],
      when: null,
      subscribed: true,
    },
    { ...septic, subscribed: false },
  ],
  add: [septic],
  stop: [
    {
      reminderId: 'gutters',
      name: 'Clean gutters and downspouts',
      because: "A condo's roof and gutters are the building's.",
      details: [],
      when: null,
    },
  ],
  climate: 'Zone 5A, cool and humid (ZIP code 60601). Seasons here: cold winters.',
};

const renderCard = (apply: (change: HomePlanChange) => Promise<{ message: string }>, view = plan) =>
  renderWithProviders(
    <HomePlanCard
      plan={{ data: view, isPending: false, error: null, refetch: () => undefined }}
      apply={apply}
      audience="homeowner"
      headingOrder={3}
    />,
  );

describe("a home's plan card", () => {
  it('says why each task fits and what it needs, and confirms every change it proposes at once', async () => {
    const apply = vi.fn(async (_change: HomePlanChange) => ({ message: '1 reminder added.' }));
    renderCard(apply);
    const fits = screen.getByRole('list', { name: 'Reminders that fit the home' });
    expect(within(fits).getByText("The home's heating: gas furnace. · Filter 16x25x1")).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Reminders to add' })).getByText('Pump the septic tank'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Reminders to turn off' })).getByText(
        "A condo's roof and gutters are the building's.",
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Zone 5A, cool and humid (ZIP code 60601). Seasons here: cold winters.', {
        exact: false,
      }),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update my plan' }));
    expect(apply).toHaveBeenCalledWith({ add: ['septic'], stop: ['gutters'] });
  });

  it('asks nothing when the answers change nothing, and shows a refusal in full', async () => {
    renderCard(async () => ({ message: '' }), { ...plan, add: [], stop: [] });
    expect(screen.queryByRole('button', { name: 'Update my plan' })).toBeNull();

    const refused = new ApiError(
      ['The plan changed since it was shown. Look at it again, then confirm.'],
      409,
    );
    renderCard(() => Promise.reject(refused));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update my plan' }));
    expect((await screen.findByRole('alert', { name: /not changed/ })).textContent).toContain(
      'The plan changed since it was shown.',
    );
  });
});

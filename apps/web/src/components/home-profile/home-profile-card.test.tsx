import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  emptyHomeProfile,
  homeProfileFields,
  homeProfileMessages,
  type HomeProfile,
  type HomeProfileAnswers,
} from '@homeminder/shared/contracts/home-profile';
import { ApiError } from '../../lib/api-error';
import { renderWithProviders } from '../../test/render';
import { HomeProfileCard } from './home-profile-card';

/** The card over a profile kept in memory, as the page's query and save keep it. */
function KeptCard({ save }: { save: (answers: HomeProfileAnswers) => Promise<void> }) {
  const [profile, setProfile] = useState<HomeProfile>(emptyHomeProfile);
  return (
    <HomeProfileCard
      profile={{ data: profile, isPending: false, error: null, refetch: () => undefined }}
      save={async (answers) => {
        await save(answers);
        setProfile({ answers, updatedAt: '2026-11-30T12:00:00.000Z' });
      }}
      audience="homeowner"
      headingOrder={3}
    />
  );
}

describe("a home's profile card", () => {
  it('asks a step at a time, checks the answers by the shared rules, keeps each step, and can be finished later', async () => {
    const save = vi.fn(async (_answers: HomeProfileAnswers) => undefined);
    renderWithProviders(<KeptCard save={save} />);
    const user = userEvent.setup();
    expect(screen.getByText('0 of 12 answered')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Tell us about your home' }));

    expect(screen.getByRole('heading', { name: 'Step 1 of 4: The house' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Townhouse' }));
    const year = screen.getByRole('textbox', { name: homeProfileFields.yearBuilt.question });
    await user.type(year, '1500');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const { label, min } = homeProfileFields.yearBuilt;
    expect(
      await screen.findByText(
        homeProfileMessages.numberRange(label, String(min), String(new Date().getUTCFullYear() + 1)),
      ),
    ).toBeTruthy();
    expect(save).not.toHaveBeenCalled();

    await user.clear(year);
    await user.type(year, '1998');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Step 2 of 4: Inside' })).toBeTruthy();
    expect(save).toHaveBeenLastCalledWith({
      ...emptyHomeProfile.answers,
      homeKind: 'townhouse',
      yearBuilt: 1998,
    });

    const attic = screen.getByRole('radiogroup', { name: homeProfileFields.attic.question });
    await user.click(within(attic).getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Finish later' }));
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ homeKind: 'townhouse', attic: false }));

    const card = await screen.findByRole('region', { name: 'About your home' });
    expect(within(card).getByText('3 of 12 answered')).toBeTruthy();
    expect(within(card).getByText('Townhouse')).toBeTruthy();
    expect(within(card).getByText('No')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Continue answering' })).toBeTruthy();
  });

  it('shows every message of a refusal and stays on the step', async () => {
    const refusal = new ApiError(['First reason.', 'Second reason.'], 400);
    renderWithProviders(<KeptCard save={() => Promise.reject(refusal)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Tell us about your home' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('First reason.');
    expect(alert.textContent).toContain('Second reason.');
    expect(screen.getByRole('heading', { name: 'Step 1 of 4: The house' })).toBeTruthy();
  });
});

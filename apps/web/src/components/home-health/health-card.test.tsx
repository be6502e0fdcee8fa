import { screen, within } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { HomeHealth } from '@homeminder/shared/contracts/home-health';
import { renderWithProviders } from '../../test/render';
import { HealthCard } from './health-card';

const loaded = (data: HomeHealth) =>
  ({ isPending: false, isError: false, data }) as UseQueryResult<HomeHealth>;

describe('HealthCard', () => {
  it('shows the score with its band, what would raise it most and every reason', () => {
    renderWithProviders(
      <HealthCard
        audience="homeowner"
        headingOrder={3}
        health={loaded({
          score: 75,
          band: 'fair',
          scoredOn: '2026-11-30',
          reasons: [
            {
              points: -15,
              text: 'Test smoke and CO detectors is 10 days overdue',
              raise: 'Test smoke and CO detectors, and mark it done',
            },
            {
              points: -10,
              text: 'Your water heater is 17 years old, past its typical life',
              raise: 'Replace the water heater',
            },
          ],
        })}
      />,
    );
    const card = screen.getByRole('region', { name: "Your home's health" });
    expect(card.textContent).toContain('75 out of 100');
    expect(card.textContent).toContain('Needs care');
    expect(card.textContent).toContain(
      'What would raise it most: Test smoke and CO detectors, and mark it done.',
    );
    expect(
      within(screen.getByRole('list', { name: 'Why it lost points' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '−15: Test smoke and CO detectors is 10 days overdue',
      '−10: Your water heater is 17 years old, past its typical life',
    ]);
  });

  it('says a home with nothing against it is well cared for', () => {
    renderWithProviders(
      <HealthCard
        audience="staff"
        headingOrder={4}
        health={loaded({ score: 100, band: 'good', scoredOn: '2026-11-30', reasons: [] })}
      />,
    );
    const card = screen.getByRole('region', { name: 'Home health' });
    expect(card.textContent).toContain('100 out of 100');
    expect(card.textContent).toContain('Good');
    expect(card.textContent).toContain('Nothing takes points away: the home is well cared for.');
    expect(screen.queryByRole('list')).toBeNull();
  });
});

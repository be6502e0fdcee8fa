import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bulkMessages } from '@homeminder/shared/contracts/bulk';
import { renderWithProviders } from '../../../test/render';
import { WithoutRemindersNotice } from './without-reminders-notice';

describe('WithoutRemindersNotice', () => {
  it('says rows naming no reminders get the default set, and lists it', () => {
    renderWithProviders(
      <WithoutRemindersNotice
        preview={{
          withoutReminders: 41,
          defaultReminders: [
            { name: 'Replace HVAC filter', frequencyName: 'Quarterly' },
            { name: 'Clean the dryer vent', frequencyName: 'Annual' },
          ],
        }}
      />,
    );
    const notice = screen.getByTestId('without-reminders');
    expect(notice.textContent).toContain(
      '41 rows name no reminders: they will get your default set of 2 reminders.',
    );
    expect(
      within(screen.getByRole('list', { name: 'Your default reminders' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Replace HVAC filter (quarterly)', 'Clean the dryer vent (annual)']);
  });

  it('warns that the clients get no reminders when there is no default set', () => {
    renderWithProviders(<WithoutRemindersNotice preview={{ withoutReminders: 1, defaultReminders: [] }} />);
    expect(screen.getByTestId('without-reminders').textContent).toBe(bulkMessages.withoutReminders(1));
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { EngagementByMonth } from './reminder-engagement';

const none = { sent: 0, done: 0, later: 0, help: 0, occurrences: 0, doneOnTime: 0 };

describe('the engagement by month under the chart', () => {
  it('gives the share done on time as a figure, and every month in a table, newest first', async () => {
    renderWithProviders(
      <EngagementByMonth
        engagement={{
          months: [
            {
              month: '2026-10',
              ...none,
              sent: 1200,
              done: 300,
              later: 40,
              help: 7,
              occurrences: 900,
              doneOnTime: 450,
            },
            { month: '2026-11', ...none, sent: 80, done: 5 },
          ],
          totals: { sent: 1280, done: 305, later: 40, help: 7, occurrences: 900, doneOnTime: 450 },
        }}
      />,
    );
    expect(screen.getByTestId('done-on-time').textContent).toBe('50%');
    await userEvent.click(screen.getByRole('button', { name: 'Show the numbers by month' }));
    const table = screen.getByRole('table', { name: 'Engagement by month' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[0]).toBe('MonthReminders sentDonePut offHelp askedDone within 30 days');
    // The month still running has no occurrence old enough: a dash, not "0%".
    expect(rows[1]).toBe('Nov 202680500–');
    expect(rows[2]).toBe('Oct 20261,20030040750%');
  });
});

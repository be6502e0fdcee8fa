import { expect, type Page } from '@playwright/test';

/** Waits until the bulk queue holds `rows` rows, `problems` of them with problems. */
export async function expectQueueSummary(page: Page, rows: number, problems: number, timeout = 30_000) {
  await expect(page.getByTestId('queue-summary')).toHaveText(
    `${rows} rows in the queue, ${problems} with problems`,
    { timeout },
  );
}

import { chromium } from '@playwright/test';
import { appUrl, demoPassword, expect, test } from './fixtures';

/*
 * A team trying the portal on a shared machine opens it at the machine's address over plain HTTP
 * (http://<address>:8080/ui/). The browser treats such a page as not secure and withholds the APIs
 * it keeps for secure pages (crypto.randomUUID among them); localhost and 127.0.0.1 count as secure,
 * so the test reaches this machine's server under a made-up host name instead.
 */
test('a person signs in over plain HTTP at an address other than localhost', async ({ baseURL }) => {
  const served = new URL(baseURL!);
  const officeHost = 'homeminder-office.test';
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      // The made-up name leads to this machine's own server, nowhere else.
      `--host-resolver-rules=MAP ${officeHost} ${served.hostname}`,
    ],
  });
  try {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`${error.name}: ${error.message}`));
    await page.goto(`http://${officeHost}:${served.port}/ui/login`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await page.getByRole('textbox', { name: 'Email' }).fill('realtor@acme.test');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(appUrl('/'));
    await expect(page.getByText('Welcome back, Rita.')).toBeVisible();
    // Every call carries the browser session's id, made without the secure-only API.
    const ti = await page.evaluate(() => sessionStorage.getItem('homeminder:_ti'));
    expect(ti).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
});

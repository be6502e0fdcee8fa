import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { request as requestContext } from '@playwright/test';
import { monthsOfSeason } from '@homeminder/shared/climate';
import { chooseCsvFile, dismissNotifications, expect, login, newCorporation, test } from './fixtures';
import { headerOf, pageOnPortal, mailPortalForJourneys } from './mail-portal';

/**
 * A brokerage's journey from its CRM's export to a homeowner's mailbox, on a portal that sends
 * its mail to a real SMTP server: the file's own column names are recognised, its problem rows
 * fixed and uploaded again, every client gets the default set in its season, and the reminder
 * that arrives can be unsubscribed from with one POST.
 */

/** The columns of a CRM's contact export, none of them named as the importer's template is. */
const crmHeaders = [
  'Contact ID',
  'First Name',
  'Last Name',
  'Primary Email',
  'Mobile Phone',
  'Property Street',
  'Property City',
  'Property State',
  'Property Zip',
  'Lead Source',
  'Tags',
];
const places = [
  { city: 'Duluth', state: 'MN', zip: '55802' },
  { city: 'Austin', state: 'TX', zip: '78701-4102' },
  { city: 'Miami', state: 'FL', zip: '33101' },
];
/** Rows whose email lacks its @ (written ".at."), and one ZIP of four digits: five problems. */
const badEmailRows = [7, 19, 33, 52];
const badZipRow = 41;

function crmExport(domain: string): string {
  const lines = [crmHeaders.join(',')];
  for (let n = 1; n <= 60; n += 1) {
    const place = places[n % places.length]!;
    const email = badEmailRows.includes(n) ? `owner.${n}.at.${domain}` : `owner.${n}@${domain}`;
    const zip = n === badZipRow ? place.zip.slice(0, 4) : place.zip;
    lines.push(
      [
        `C-${1000 + n}`,
        'Homeowner',
        `Number${n}`,
        email,
        `(555) 301-${String(1000 + n)}`,
        `${n} Lakeview Drive`,
        place.city,
        place.state,
        zip,
        n % 2 ? 'Open house' : 'Referral',
        '"buyer, closed"',
      ].join(','),
    );
  }
  return lines.join('\r\n');
}

const portal = mailPortalForJourneys();

test.describe('from a CRM export to the mailbox', () => {
  test('60 rows with their own column names are mapped, fixed and created with the default set in season; the reminder lands with one-click unsubscribe and fits a phone', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const api = await requestContext.newContext({ baseURL: portal.origin });
    const corporation = await newCorporation(api, 'Crm', { licensedProperties: 100 });
    const domain = `${corporation.id}.crm.example`;
    const page = await pageOnPortal(portal, browser);

    // ── The file maps itself ──
    await login(page, corporation.email, corporation.password);
    // The first page after signing in loads the signed-in frame's code and asks the server for the
    // routes its links lead to; with the other journeys loading the machine, that has taken longer
    // than the usual ten seconds.
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 30_000 });
    await page.goto('clients/upload');
    await expect(page.getByText('The queue is empty')).toBeVisible();
    await chooseCsvFile(page, 'crm-contacts.csv', crmExport(domain));
    for (const [field, column] of [
      [/^First name/, 'First Name'],
      [/^Last name/, 'Last Name'],
      [/^Email/, 'Primary Email'],
      [/^Phone/, 'Mobile Phone'],
      [/^Address/, 'Property Street'],
      [/^City/, 'Property City'],
      [/^State/, 'Property State'],
      [/^ZIP/, 'Property Zip'],
    ] as const) {
      await expect(page.getByRole('combobox', { name: field })).toHaveValue(column);
    }
    await page.getByRole('button', { name: 'Add 60 rows to the queue' }).click();
    const summary = page.getByTestId('queue-summary');
    await expect(summary).toHaveText('60 rows in the queue, 5 with problems', { timeout: 60_000 });

    // ── The rows with problems, downloaded, fixed and uploaded again, replace themselves ──
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download rows with problems' }).click(),
    ]);
    const fixed = readFileSync(await download.path(), 'utf8')
      .replace(/\.at\./g, '@')
      .replace(/,(\d{4}),/, ',$10,');
    await chooseCsvFile(page, 'rows-with-problems.csv', fixed);
    await page.getByRole('button', { name: 'Add 5 rows to the queue' }).click();
    await expect(summary).toHaveText('60 rows in the queue, 0 with problems', { timeout: 30_000 });

    // ── Said before creating: the rows name no reminders, so they get the default set ──
    await expect(page.getByTestId('without-reminders')).toContainText(
      '60 rows name no reminders: they will get your default set of 7 reminders.',
    );
    // The "rows added" messages sit over the page's corner; the reader closes them first.
    await dismissNotifications(page);
    await page.getByRole('button', { name: 'Create 60 clients' }).click();
    await expect(page.getByTestId('process-results')).toContainText('60 clients created', {
      timeout: 120_000,
    });
    await page.context().close();

    // ── Every client has the default set, each seasonal task due in its season where it lives ──
    const subscriptions = await portal.query<{
      email: string;
      zip: string;
      state: string;
      task: string;
      season: string | null;
      month: number;
    }>(
      `select c.email, p.zip, p.state, r.name as task, r.season,
              extract(month from s.next_due_at at time zone 'America/Chicago')::int as month
         from reminder_subscriptions s
         join reminders r on r.id = s.reminder_id
         join properties p on p.tenant_id = s.tenant_id and p.id = s.property_id
         join client_users c on c.tenant_id = p.tenant_id and c.id = p.client_user_id
        where s.tenant_id = $1`,
      [corporation.tenantId],
    );
    const [defaults] = await portal.query<{ names: string[] }>(
      `select array_agg(r.name order by d.position) as names
         from default_reminders d join reminders r on r.id = d.reminder_id where d.tenant_id = $1`,
      [corporation.tenantId],
    );
    expect(defaults!.names).toHaveLength(7);
    const byClient = new Map<string, string[]>();
    for (const row of subscriptions) byClient.set(row.email, [...(byClient.get(row.email) ?? []), row.task]);
    expect(byClient.size).toBe(60);
    for (const tasks of byClient.values()) expect(tasks.sort()).toEqual([...defaults!.names].sort());
    const seasonal = subscriptions.filter((row) => row.season !== null);
    expect(seasonal.length).toBeGreaterThan(0);
    for (const row of seasonal) {
      expect(monthsOfSeason(row.season, row), `${row.task} in ${row.zip}`).toContain(row.month);
    }
    // A ZIP+4 keeps its five digits.
    expect(new Set(subscriptions.filter((row) => row.state === 'TX').map((row) => row.zip))).toEqual(
      new Set(['78701']),
    );

    // ── A gutters reminder falls due and lands in the homeowner's mailbox ──
    const email = `owner.7@${domain}`;
    await portal.query(
      `update reminder_subscriptions s set next_due_at = now() - interval '1 minute'
         from reminders r, properties p, client_users c
        where s.tenant_id = $1 and r.id = s.reminder_id and r.name = 'Clean gutters and downspouts'
          and p.tenant_id = s.tenant_id and p.id = s.property_id
          and c.tenant_id = p.tenant_id and c.id = p.client_user_id and c.email = $2`,
      [corporation.tenantId, email],
    );
    await expect
      .poll(() => portal.received.some((mail) => mail.to.includes(email)), { timeout: 60_000 })
      .toBe(true);
    const raw = portal.received.find((mail) => mail.to.includes(email))!.raw;
    expect(headerOf(raw, 'From')).toBe('Crm Homes <reminders@homeminder.test>');
    expect(headerOf(raw, 'Message-ID')).toMatch(/@homeminder\.test>$/);
    const listUnsubscribe = headerOf(raw, 'List-Unsubscribe') ?? '';
    const oneClick = /<(https?:\/\/[^>]+)>/.exec(listUnsubscribe)?.[1];
    expect(oneClick, listUnsubscribe).toContain('/ui/api/mail/unsubscribe?token=');
    expect(listUnsubscribe).toMatch(/<mailto:reminders@homeminder\.test\?[^>]+>/);
    expect(headerOf(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // What a mail provider does when the reader presses its unsubscribe button: a POST, no page.
    const response = await api.post(oneClick!, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(response.status()).toBe(200);
    const [client] = await portal.query<{ unsubscribed_at: Date | null }>(
      'select unsubscribed_at from client_users where tenant_id = $1 and email = $2',
      [corporation.tenantId, email],
    );
    expect(client!.unsubscribed_at).not.toBeNull();

    // The email as a phone shows it: 390 px wide, nothing wider.
    const { html, subject } = await simpleParser(raw);
    expect(subject).toContain('Clean gutters and downspouts');
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.setContent(html as string);
    await expect(phone.getByText('Crm Homes').first()).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const shots = path.join(test.info().project.outputDir, 'crm-import');
    mkdirSync(shots, { recursive: true });
    await phone.screenshot({ path: path.join(shots, 'reminder-390.png'), fullPage: true });
    await phone.close();
    await api.dispose();
  });
});

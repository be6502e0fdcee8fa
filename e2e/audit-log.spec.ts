import { appUrl, describeSignedIn, expect, savedSession, tenants, test, untilHydrated } from './fixtures';
import { seriousViolations } from './axe';

describeSignedIn('the audit log', 'sysadmin@demo.test', () => {
  test('acting as an administrator over several screens is one entry naming both people, with the change before and after', async ({
    page,
  }) => {
    // Acting as someone, four screens, a change, then the log at two widths: a long journey.
    test.slow();
    await page.goto(`adm/manage-users?company=${tenants.acme}`);
    await page.getByRole('button', { name: 'Actions for Alice Admin' }).click();
    await page.getByRole('menuitem', { name: 'Act as Alice' }).click();
    await page
      .getByRole('dialog', { name: 'Act as Alice Admin?' })
      .getByRole('button', { name: 'Act as Alice' })
      .click();
    const banner = page.getByText('You are acting as Alice Admin');
    await expect(banner).toBeVisible();

    // Several screens while acting, and one setting changed.
    const navigation = page.getByRole('navigation');
    await navigation.getByRole('link', { name: 'Client accounts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Client/ })).toBeVisible();
    await navigation.getByRole('link', { name: 'Manage users' }).click();
    await expect(page.getByRole('button', { name: 'Actions for Rita Realtor' })).toBeVisible();
    await navigation.getByRole('link', { name: 'Account settings' }).click();
    await expect(page).toHaveURL(appUrl('/accountSettings'));
    const site = page.getByRole('form', { name: 'Site settings' });
    const phone = site.getByRole('textbox', { name: 'Contact phone' });
    await expect(phone).toHaveValue('(555) 010-2000');
    await phone.fill('(555) 010-2999');
    await site.getByRole('button', { name: 'Save site settings' }).click();
    await expect(page.getByText('Site settings saved.')).toBeVisible();
    const { bearerToken } = await savedSession(page);
    await page.getByRole('link', { name: 'Stop acting' }).click();
    await expect(banner).toBeHidden();

    // Back as the operator, the same setting set back: a change not made in another's name.
    const restored = await page.request.post(`api/corporation/settings/tenantSite/${tenants.acme}`, {
      headers: { Authorization: `Bearer ${bearerToken}` },
      data: {
        siteName: 'Acme Realty Home Care',
        siteUrl: 'https://acme-realty.example',
        contactEmail: 'office@acme.test',
        contactPhone: '5550102000',
        timeZone: 'America/New_York',
      },
    });
    expect(restored.status()).toBe(200);

    // The log, filtered to the operator's sessions of acting as someone, once its filters respond.
    await page.goto('adm/audit');
    await untilHydrated(page);
    await page.getByRole('combobox', { name: 'Person' }).fill('Sam Operator');
    await page.getByRole('option', { name: /^Sam Operator/ }).click();
    await page.getByRole('combobox', { name: 'Action' }).fill('Acted as');
    await page.getByRole('option', { name: 'Acted as another user' }).click();
    await expect(page).toHaveURL(/[?&]action=auth\.impersonation-started/);
    await expect(page).toHaveURL(/[?&]person=[0-9a-f-]{36}/);
    const rows = page.getByRole('table', { name: 'Audit log' }).getByRole('row');
    // The header and the one session.
    await expect(rows).toHaveCount(2);
    const session = rows.nth(1);
    await expect(session).toContainText('Sam Operator as Alice Admin');
    await expect(session).toContainText('Acted as another user · Alice Admin');
    await expect(session).toContainText(/\d+ requests, ended/);
    const expand = session.getByRole('button', { name: 'Show what was done (1 entry)' });
    await expand.click();
    await expect(session.getByRole('button', { name: 'Hide what was done (1 entry)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(session.getByText('Changed site settings · Acme Realty')).toBeVisible();
    await expect(session.getByRole('list', { name: 'Changes' }).getByRole('listitem')).toContainText(
      '(555) 010-2000 → (555) 010-2999',
    );
    expect(await seriousViolations(page)).toEqual([]);

    // The operator's changes of Acme's site settings, as Alice and as themselves: each with its
    // values before and after.
    await page.getByRole('combobox', { name: 'Action' }).fill('site settings');
    await page.getByRole('option', { name: 'Changed site settings' }).click();
    await page.getByRole('searchbox', { name: 'Record' }).fill('Acme Realty');
    await expect(page).toHaveURL(/[?&]record=Acme\+Realty/);
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Sam Operator');
    await expect(rows.nth(1)).not.toContainText(' as ');
    await expect(rows.nth(1)).toContainText('Contact phone: (555) 010-2999 → (555) 010-2000');
    await expect(rows.nth(2)).toContainText('Sam Operator as Alice Admin');
    await expect(rows.nth(2)).toContainText('Contact phone: (555) 010-2000 → (555) 010-2999');

    // On a phone: cards, and the session opens from the keyboard.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('adm/audit?action=auth.impersonation-started');
    const card = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first();
    await expect(card).toContainText('By Sam Operator as Alice Admin');
    const show = card.getByRole('button', { name: /Show what was done/ });
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(card.getByRole('button', { name: /Hide what was done/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(card.getByText('Contact phone:')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

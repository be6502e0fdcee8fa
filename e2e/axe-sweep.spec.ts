import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import {
  adminScreens,
  clientScreens,
  corporationScreens,
  homeownerScreens,
  publicScreens,
  managerScreens,
  realtorScreens,
  systemScreens,
  widths,
  type Ids,
  type Screen,
} from './axe-screens';
import {
  apiLogin,
  catalogueOf,
  createSignIn,
  demoPassword,
  expect,
  setupClientViaApi,
  signInWithToken,
  test,
} from './fixtures';
import { latestEmail, linkIn } from './outbox';

/**
 * Every screen of the portal, as the person who may see it, with each of its drawers, dialogs,
 * menus and tabs opened in turn, at a desktop's and a phone's width: axe finds no serious or
 * critical WCAG 2 A/AA problem on any of them (docs/requirements.md §15.3). One test per person
 * and width walks that person's screens (axe-screens.ts), so each signs in once.
 */

/** Walks the screens, checking each as it loads and with each of its steps open; returns what axe found. */
async function sweep(page: Page, screens: Screen[], width: number, ids: Ids): Promise<string[]> {
  const findings: string[] = [];
  let checks = 0;
  const check = async (where: string) => {
    checks += 1;
    // The page as it rests: nothing under the pointer, the loading placeholders gone.
    await page.mouse.move(0, 0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    for (const { rule, targets } of await seriousViolations(page))
      findings.push(...targets.map((target) => `${where} at ${width}px: ${rule}: ${target}`));
  };
  for (const screen of screens) {
    const path = typeof screen.path === 'string' ? screen.path : screen.path(ids);
    const load = async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    };
    await load();
    await check(screen.name);
    for (const step of screen.steps ?? []) {
      if (step.widths && !step.widths.includes(width)) continue;
      await step.open(page);
      await check(`${screen.name}: ${step.name}`);
      if (step.keep) continue;
      if (screen.fresh) {
        await load();
        continue;
      }
      await page.keyboard.press('Escape');
      const open = page.locator('[role="dialog"]:visible, [role="menu"]:visible');
      await expect(open)
        .toHaveCount(0, { timeout: 3_000 })
        .catch(() => load());
    }
  }
  test.info().annotations.push({ type: 'axe checks', description: String(checks) });
  return findings;
}

/** A client of the demo realtor set up for the sweep, with a reminder; returns its id and name. */
async function sweepClient(request: APIRequestContext): Promise<Ids & { email: string }> {
  const { token } = await apiLogin(request, 'realtor@acme.test');
  const [reminder] = await catalogueOf(request, token);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `axe.${stamp}@example.org`;
  const response = await setupClientViaApi(request, token, {
    email,
    firstName: 'Ada',
    lastName: `Sweep${stamp}`,
    line: '7 Lantern Lane',
    subscriptions: [{ reminderID: reminder!.id, maintenanceFrequencyID: reminder!.defaultFrequencyId }],
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const pending = await setupClientViaApi(request, token, {
    email: `axe.pending.${stamp}@example.org`,
    lastName: `Pending${stamp}`,
    pending: true,
  });
  expect(pending.status(), await pending.text()).toBe(201);
  const { id: pendingClient } = (await pending.json()) as { id: string };
  return { client: id, clientName: `Ada Sweep${stamp}`, email, pendingClient };
}

const people: Array<{ who: string; account: string | null; screens: Screen[] }> = [
  { who: 'a visitor', account: null, screens: publicScreens },
  { who: 'an administrator', account: 'admin@acme.test', screens: adminScreens },
  { who: "an administrator's clients", account: 'admin@acme.test', screens: clientScreens },
  { who: 'the operator, of the companies', account: 'sysadmin@demo.test', screens: corporationScreens },
  { who: 'the operator, of the system', account: 'sysadmin@demo.test', screens: systemScreens },
  { who: 'an office manager', account: 'manager@acme.test', screens: managerScreens },
  { who: 'a realtor', account: 'realtor@acme.test', screens: realtorScreens },
];

for (const width of widths) {
  test.describe(`axe sweep at ${width}px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 900 : 844 } });

    for (const { who, account, screens } of people) {
      test(`every screen of ${who}`, async ({ page, expectConsoleErrors }) => {
        test.setTimeout(300_000);
        // The pages of links that are not valid ask the server, which refuses.
        expectConsoleErrors(
          /status of 40[04].*\/api\/(auth\/register\/invitation|auth\/unsubscribe\/preview|answers\/\w+\/preview|auth\/reset)/,
        );
        const ids = await sweepClient(page.request);
        if (account) await signInWithToken(page, account);
        expect(await sweep(page, screens, width, ids)).toEqual([]);
      });
    }

    test('the emailed links and the homeowner’s pages', async ({ page, expectConsoleErrors }) => {
      test.setTimeout(300_000);
      // Once used, the invitation is asked for again as the page moves on, and is gone.
      expectConsoleErrors(/status of 404.*\/api\/auth\/register\/invitation/);
      const client = await sweepClient(page.request);
      const { token } = await apiLogin(page.request, 'realtor@acme.test');
      const invited = await page.request.post(`api/clients/invite/${client.client}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(invited.status(), await invited.text()).toBe(202);
      const invitation = await latestEmail(page.request, client.email, 'client-invitation');
      const register: Screen = {
        name: 'Register, from the invitation',
        path: linkIn(invitation, 'register'),
      };
      const findings = await sweep(page, [register], width, client);
      await createSignIn(page, demoPassword);
      await expect(page.getByRole('heading', { level: 1, name: 'My Home' })).toBeVisible();
      findings.push(...(await sweep(page, homeownerScreens, width, client)));

      await page.request.post('api/auth/forgot-password', { data: { email: client.email } });
      const reset = linkIn(await latestEmail(page.request, client.email, 'password-reset'), 'reset');
      findings.push(...(await sweep(page, [{ name: 'Reset, from the email', path: reset }], width, client)));

      // A demo reminder (they fall due soon after the server starts) carries the reply and unsubscribe links.
      const mail = await anyReminder(page.request);
      const links = [
        ...mail.text.matchAll(/https?:\/\/\S+?\/ui\/((?:answer\/\w+|unsubscribe)\?token=[\w%-]+)/g),
      ];
      expect(links.length, mail.text).toBeGreaterThanOrEqual(4);
      const emailed = links.map(([, path]) => ({ name: path!.split('?')[0]!, path: path! }));
      findings.push(...(await sweep(page, emailed, width, client)));
      expect(findings).toEqual([]);
    });
  });
}

/** The text of a reminder email in the outbox, read as the operator reads Sent mail. */
async function anyReminder(request: APIRequestContext): Promise<{ text: string }> {
  const { token } = await apiLogin(request, 'sysadmin@demo.test');
  const headers = { Authorization: `Bearer ${token}` };
  let found: { id: string; tenantId: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.post('api/admin/mail/query', {
          data: { page: 1, pageSize: 20 },
          headers,
        });
        const items = (
          (await response.json()) as { items: Array<{ id: string; tenantId: string; kind: string }> }
        ).items;
        found = items.find((item) => item.kind === 'reminder');
        return Boolean(found);
      },
      { timeout: 120_000 },
    )
    .toBe(true);
  return (await (
    await request.get(`api/admin/mail/${found!.tenantId}/${found!.id}`, { headers })
  ).json()) as {
    text: string;
  };
}

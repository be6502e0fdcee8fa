import type { APIRequestContext, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import {
  apiLogin,
  demoPassword,
  expect,
  setupClientViaApi,
  signInWithToken,
  tenants,
  test,
} from './fixtures';
import { latestEmail, linkIn } from './outbox';

/**
 * Every screen of the portal, as the person who may see it, with each of its drawers, dialogs,
 * menus and tabs opened in turn, at a desktop's and a phone's width: axe finds no serious or
 * critical WCAG 2 A/AA problem on any of them (docs/requirements.md, accessibility). One test per
 * person and width walks that person's screens, so each signs in once.
 */

/** The ids a screen's address needs, made or looked up once per test. */
interface Ids {
  client: string;
  clientName: string;
}

/** One thing to open on a screen (a dialog, a drawer, a menu, a tab) and check while it shows. */
interface Step {
  name: string;
  open: (page: Page) => Promise<unknown>;
  /** Leaves the step open for the next one (tabs); otherwise the screen is loaded afresh. */
  keep?: boolean;
  /** Only at these widths (the phone's navigation drawer, say). */
  widths?: readonly number[];
}

interface Screen {
  name: string;
  path: string | ((ids: Ids) => string);
  steps?: Step[];
  /** Loads the screen afresh after each step, instead of closing what the step opened with Escape. */
  fresh?: boolean;
}

const widths = [1280, 390] as const;

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** Clicks the button (or link, or tab) named `name`, then waits for what it shows. */
function click(
  role: 'button' | 'tab' | 'menuitem',
  name: string | RegExp,
  then?: (page: Page) => Promise<void>,
) {
  return async (page: Page) => {
    await page.getByRole(role, { name }).first().click();
    await then?.(page);
  };
}
const opensDialog = (name: string | RegExp) => async (page: Page) => expect(dialog(page, name)).toBeVisible();
const opensMenu = async (page: Page) => expect(page.getByRole('menu')).toBeVisible();

const tab = (name: string): Step => ({
  name: `the ${name} tab`,
  open: click('tab', name, (page) => expect(page.getByRole('tab', { name, selected: true })).toBeVisible()),
  keep: true,
});
const submitEmpty = (button: string): Step => ({
  name: 'its messages after an empty submit',
  open: click('button', button, (page) =>
    expect(page.locator('[aria-invalid="true"]').first()).toBeVisible(),
  ),
});
const userMenu: Step = {
  name: 'the user menu',
  open: click('button', /^Account menu for/, opensMenu),
};
const phoneNavigation: Step = {
  name: 'the navigation drawer',
  open: click('button', 'Open the navigation', (page) =>
    expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeInViewport(),
  ),
  widths: [390],
};
const rowMenu = (row: string): Step => ({
  name: "a row's actions menu",
  open: click('button', `Actions for ${row}`, opensMenu),
});
const rowMenuDialog = (row: string, item: string | RegExp, title: string | RegExp): Step => ({
  name: `the ${String(item)} confirmation`,
  open: async (page) => {
    await click('button', `Actions for ${row}`, opensMenu)(page);
    await click('menuitem', item, opensDialog(title))(page);
  },
});

const publicScreens: Screen[] = [
  ...['about', 'termsofuse', 'faq', 'howitworks', 'privacypolicy', 'contactus'].map((path) => ({
    name: path,
    path,
  })),
  { name: 'Login', path: 'login', steps: [submitEmpty('Sign in')] },
  { name: 'Forgot password', path: 'forgotpassword', steps: [submitEmpty('Send the reset link')] },
  { name: 'Reset, an unknown link', path: 'reset?token=not-a-real-token' },
  { name: 'Register, an unknown link', path: 'register?token=not-a-real-token' },
  { name: 'Unsubscribe, an unknown link', path: 'unsubscribe?token=not-a-real-token' },
  { name: 'A reminder answer, an unknown link', path: 'answer/done?token=not-a-real-token' },
  { name: 'Page not found', path: 'no/such/page' },
  { name: 'Unexpected error', path: 'unexpected-error' },
];

/** What the office's administrator sees: the corporation's screens and its clients. */
const adminScreens: Screen[] = [
  {
    name: 'Home',
    path: '',
    steps: [
      userMenu,
      {
        name: 'the notifications',
        open: click('button', /^Notifications/, (page) => expect(page.getByRole('dialog')).toBeVisible()),
      },
      phoneNavigation,
    ],
  },
  { name: 'Manage My Account', path: 'userSettings' },
  {
    name: 'Manage Account',
    path: 'accountSettings',
    steps: ['Billing', 'Address', 'License', 'Branding', 'Site'].map(tab),
  },
  {
    name: 'Manage Users',
    path: 'adm/manage-users',
    steps: [
      rowMenu('Ray Reyes'),
      rowMenuDialog('Ray Reyes', 'Disable', /^Disable/),
      rowMenuDialog('Ray Reyes', 'Act as Ray', /^Act as/),
    ],
  },
  {
    name: 'Edit User Accounts',
    path: 'adm/manage-users',
    steps: [
      {
        name: 'the user',
        open: async (page) => {
          await click('button', 'Actions for Ray Reyes', opensMenu)(page);
          await click('menuitem', 'Edit')(page);
          await expect(page.getByRole('heading', { level: 1, name: 'Edit User Accounts' })).toBeVisible();
        },
      },
    ],
  },
  { name: 'Add User Accounts', path: 'adm/add/users', steps: [submitEmpty('Add user')] },
  { name: 'Add Realtors', path: 'admin/add/add-realtors' },
  { name: 'Audit Log', path: 'adm/audit' },
  {
    name: 'Sent Mail',
    path: 'adm/sent-mail',
    steps: [
      {
        name: 'a mail, as sent and as text',
        open: async (page) => {
          await page
            .getByRole('button', { name: /^Reminder: / })
            .first()
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await page.getByRole('tab', { name: 'Text' }).click();
        },
      },
    ],
  },
];

/** The administrator's client screens. */
const clientScreens: Screen[] = [
  { name: 'Edit Client Accounts', path: (ids) => `adm/edit/client-user/${ids.client}` },
  {
    name: 'Clients',
    path: 'clients',
    steps: [{ name: 'a new client', open: click('button', 'New client', opensDialog('New client')) }],
  },
  {
    name: 'Client details',
    path: (ids) => `clients?open=${ids.client}`,
    fresh: true,
    steps: [
      { name: 'the drawer', open: opensDialog('Client details') },
      {
        name: 'its edit form',
        open: async (page) => {
          await dialog(page, 'Client details').getByRole('button', { name: 'Edit', exact: true }).click();
          await expect(dialog(page, 'Edit client')).toBeVisible();
        },
      },
      {
        name: 'its delete confirmation',
        open: async (page) => {
          await dialog(page, 'Client details')
            .getByRole('button', { name: /^Delete/ })
            .click();
          await expect(dialog(page, /^Delete/)).toBeVisible();
        },
      },
      {
        name: "a reminder's removal",
        open: async (page) => {
          await dialog(page, 'Client details')
            .getByRole('button', { name: /^Remove / })
            .first()
            .click();
          await expect(dialog(page, 'Remove this reminder?')).toBeVisible();
        },
      },
    ],
  },
  { name: 'Bulk Upload Clients', path: 'clients/upload' },
];

const operatorScreens: Screen[] = [
  { name: 'Home', path: '', steps: [userMenu, phoneNavigation] },
  {
    name: 'Manage Accounts',
    path: 'adm/manage-act',
    steps: [rowMenu('Birch'), rowMenuDialog('Birch', /^Disable/, /^Disable/)],
  },
  { name: 'Add Accounts', path: 'adm/add', steps: [tab('Corporate users'), tab('Corporate account')] },
  { name: 'Add Corporate Accounts', path: 'adm/add/corp', steps: [submitEmpty('Add corporation')] },
  { name: 'Add Corporate Users Accounts', path: 'adm/add/corp-users' },
  {
    name: 'Manage a corporation',
    path: `adm/manage/${tenants.acme}`,
    steps: ['Billing', 'Address', 'License', 'Branding', 'Site'].map(tab),
  },
  { name: 'View Corporate Account', path: `adm/view/user/${tenants.birch}` },
  { name: 'Manage Users, every company', path: 'adm/manage-users' },
  {
    name: 'Manage Notifications',
    path: 'sys/notifications',
    steps: [
      {
        name: 'a new message',
        open: click('button', 'New message', (page) => expect(page.getByRole('dialog')).toBeVisible()),
      },
    ],
  },
  {
    name: 'Templates',
    path: 'sys/templates',
    steps: [
      {
        name: 'a new template',
        open: click('button', 'New template', (page) => expect(page.getByRole('dialog')).toBeVisible()),
      },
    ],
  },
  { name: 'Audit Log, every company', path: 'adm/audit' },
  { name: 'Sent Mail, every company', path: 'adm/sent-mail' },
];

const realtorScreens: Screen[] = [
  { name: 'Home', path: '', steps: [userMenu, phoneNavigation] },
  { name: 'Clients', path: 'clients' },
  { name: 'Manage My Account', path: 'userSettings' },
  { name: 'Access denied', path: 'adm/add' },
];

const homeownerScreens: Screen[] = [
  {
    name: 'My Home',
    path: 'my-home',
    steps: [
      {
        name: 'the Done dialog',
        open: click('button', 'Done', (page) => expect(page.getByRole('dialog')).toBeVisible()),
      },
      {
        name: 'the help dialog',
        open: click('button', "I'd like help", (page) => expect(page.getByRole('dialog')).toBeVisible()),
      },
    ],
  },
  {
    name: 'My Preferences',
    path: 'my-home/preferences',
    steps: [
      {
        name: 'pausing',
        open: click('button', 'Pause this home', (page) => expect(page.getByRole('dialog')).toBeVisible()),
      },
      {
        name: 'stopping the emails',
        open: click('button', 'Stop all reminder emails', (page) =>
          expect(page.getByRole('dialog')).toBeVisible(),
        ),
      },
    ],
  },
];

/** Walks the screens, checking each as it loads and with each of its steps open; answers what axe found. */
async function sweep(page: Page, screens: Screen[], width: number, ids: Ids): Promise<string[]> {
  const findings: string[] = [];
  const check = async (where: string) => {
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
  return findings;
}

/** A client of the demo realtor set up for the sweep, with a reminder; answers its id and name. */
async function sweepClient(request: APIRequestContext): Promise<Ids & { email: string }> {
  const { token } = await apiLogin(request, 'realtor@acme.test');
  const headers = { Authorization: `Bearer ${token}` };
  const catalogue = (await (
    await request.post('api/clients/reminders', { headers, data: { pageSize: 'all' } })
  ).json()) as { items: { id: string; defaultFrequencyId: number }[] };
  const reminder = catalogue.items[0]!;
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `axe.${stamp}@example.org`;
  const response = await setupClientViaApi(request, token, {
    email,
    firstName: 'Ada',
    lastName: `Sweep${stamp}`,
    line: '7 Lantern Lane',
    subscriptions: [{ reminderID: reminder.id, maintenanceFrequencyID: reminder.defaultFrequencyId }],
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { client: id, clientName: `Ada Sweep${stamp}`, email };
}

const people: Array<{ who: string; account: string | null; screens: Screen[] }> = [
  { who: 'a visitor', account: null, screens: publicScreens },
  { who: 'an administrator', account: 'admin@acme.test', screens: adminScreens },
  { who: "an administrator's clients", account: 'admin@acme.test', screens: clientScreens },
  { who: 'the operator', account: 'sysadmin@demo.test', screens: operatorScreens },
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
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoPassword);
      await page.getByRole('textbox', { name: 'Confirm the password' }).fill(demoPassword);
      await page.getByRole('button', { name: 'Create my sign-in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'My Home' })).toBeVisible();
      findings.push(...(await sweep(page, homeownerScreens, width, client)));

      await page.request.post('api/auth/forgot-password', { data: { email: client.email } });
      const reset = linkIn(await latestEmail(page.request, client.email, 'password-reset'), 'reset');
      findings.push(...(await sweep(page, [{ name: 'Reset, from the email', path: reset }], width, client)));

      // A demo reminder (they fall due soon after the server starts) carries the answer and unsubscribe links.
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

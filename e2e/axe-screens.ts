import type { Page } from '@playwright/test';
import { expect, tenants } from './fixtures';

/**
 * The screens of the axe sweep (axe-sweep.spec.ts), by who may see them: each screen's address
 * and how to open each of its drawers, dialogs, menus and tabs.
 */

/** The ids a screen's address needs, made or looked up once per test. */
export interface Ids {
  client: string;
  clientName: string;
  /** A client whose home waits for its sale to close. */
  pendingClient: string;
}

/** One thing to open on a screen (a dialog, a drawer, a menu, a tab) and check while it shows. */
export interface Step {
  name: string;
  open: (page: Page) => Promise<unknown>;
  /** Leaves the step open for the next one (tabs); otherwise the screen is loaded afresh. */
  keep?: boolean;
  /** Only at these widths (the phone's navigation drawer, say). */
  widths?: readonly number[];
}

export interface Screen {
  name: string;
  path: string | ((ids: Ids) => string);
  steps?: Step[];
  /** Loads the screen afresh after each step, instead of closing what the step opened with Escape. */
  fresh?: boolean;
}

export const widths = [1280, 390] as const;

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
  open: click('button', /^Account menu for/, (page) =>
    expect(page.getByRole('navigation', { name: 'Your account' })).toBeVisible(),
  ),
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
/** Every row of the page selected, then what `then` opens (the selection's actions). */
const selection = (name: string, then?: (page: Page) => Promise<unknown>): Step => ({
  name,
  open: async (page) => {
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByText(/^All \d+ on this page are selected\./)).toBeVisible();
    await then?.(page);
  },
});
const rowMenuDialog = (row: string, item: string | RegExp, title: string | RegExp): Step => ({
  name: `the ${String(item)} confirmation`,
  open: async (page) => {
    await click('button', `Actions for ${row}`, opensMenu)(page);
    await click('menuitem', item, opensDialog(title))(page);
  },
});

export const publicScreens: Screen[] = [
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
export const adminScreens: Screen[] = [
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
      selection('a selection of users'),
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
export const clientScreens: Screen[] = [
  { name: 'Edit Client Accounts', path: (ids) => `adm/edit/client-user/${ids.client}` },
  {
    name: 'Clients',
    path: 'clients',
    steps: [
      { name: 'a new client', open: click('button', 'New client', opensDialog('New client')) },
      selection('a selection of clients'),
      selection(
        "assigning a selection's realtor",
        click('button', 'Assign realtor', opensDialog(/^Assign a realtor to/)),
      ),
      selection("a selection's invitation", click('button', 'Invite to sign in', opensDialog(/^Invite /))),
      selection("a selection's delete confirmation", click('button', /^Delete$/, opensDialog(/^Delete /))),
    ],
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
  {
    name: "A pending home's details",
    path: (ids) => `clients?open=${ids.pendingClient}`,
    steps: [
      {
        name: 'its Sale closed confirmation',
        open: click('button', /^Sale closed for/, opensDialog('Sale closed')),
      },
    ],
  },
  { name: 'Bulk Upload Clients', path: 'clients/upload' },
];

/** The operator's screens of the corporations. */
export const corporationScreens: Screen[] = [
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
];

/** The operator's screens of the whole system. */
export const systemScreens: Screen[] = [
  { name: 'Home', path: '', steps: [userMenu, phoneNavigation] },
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

/** The office manager's screens: the same users and clients, with fewer rights. */
export const managerScreens: Screen[] = [
  { name: 'Home', path: '' },
  {
    name: 'Manage Users',
    path: 'adm/manage-users',
    steps: [rowMenu('Ray Reyes')],
  },
  { name: 'Clients', path: 'clients', steps: [selection('a selection of clients')] },
];

export const realtorScreens: Screen[] = [
  { name: 'Home', path: '', steps: [userMenu, phoneNavigation] },
  { name: 'Clients', path: 'clients' },
  { name: 'Manage My Account', path: 'userSettings' },
  { name: 'Access denied', path: 'adm/add' },
];

export const homeownerScreens: Screen[] = [
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

import { apiLogin, demoPassword } from './accounts';
import { sessionCookieNames } from '../apps/api/src/plugins/session-cookies';
import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';

export const tenants = {
  acme: '0a0a0a0a-0000-4000-8000-000000000ac3',
  birch: '0b0b0b0b-0000-4000-8000-000000000b1c',
} as const;

export const storageKeys = {
  session: 'homeminder:session',
  returnUrl: 'homeminder:returnUrl',
  browserSessionId: 'homeminder:_ti',
} as const;

export const notFoundMessage = 'Ops!  The page you are looking for is not available.';

/** The tab title of a route: the product name, then the route's title (navigation rule 6). */
export const titleOf = (routeTitle: string) => `HomeMinder - ${routeTitle}`;

/** The page shows as `title` in its tab and as `heading` (the title unless told) at level 1. */
export async function expectPageTitled(page: Page, title: string, heading = title): Promise<void> {
  await expect(page).toHaveTitle(titleOf(title));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Each of the texts shows within `scope`: a form's messages, say, after the person leaves its fields. */
export async function expectTexts(scope: Page | Locator, texts: readonly string[]): Promise<void> {
  for (const text of texts) await expect(scope.getByText(text)).toBeVisible();
}

/** An address of the app, as the browser shows it (the base path is /ui/). */
export function appUrl(path: string): RegExp {
  const [pathname = '/', query] = path.split(/(?=\?)/);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The router's basename is /ui, so Home shows as /ui (a visit to /ui/ is the same page).
  const shownPath = pathname === '/' ? '/ui/?' : escape(`/ui${pathname}`);
  return new RegExp(`^https?://[^/]+${shownPath}${query ? escape(query) : ''}$`);
}

/**
 * After sign-out the server refuses the old token: a protected call responds 401 and who-am-i no
 * longer knows the user (it responds 401, or 200 with isAuthenticated false, the API's choice).
 */
export async function expectTokenRevoked(request: APIRequestContext, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const protectedCall = await request.get('api/id/tenant-details', { headers });
  expect(protectedCall.status(), 'a protected call with the old token').toBe(401);
  const whoAmI = await request.get('api/auth/who-am-i', { headers });
  if (whoAmI.status() !== 401) {
    expect(whoAmI.status(), 'who-am-i with the old token').toBe(200);
    expect(((await whoAmI.json()) as { isAuthenticated: boolean }).isAuthenticated).toBe(false);
  }
}

/**
 * Signs in through the Login form, as a person does. Opens Login first unless the page is on it
 * already; leaves the page wherever the app sends the user afterwards.
 */
export async function login(page: Page, email: string, password = demoPassword): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.toLowerCase().startsWith('/ui/login'))
    await page.goto('login');
  // The prerendered Login page's button is disabled until the app has started on it.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  // A password field has no role of its own; Playwright, like the accessibility tree, treats it as a textbox.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the Login form and waits for the staff's Home. */
export async function loginToHome(page: Page, email: string, password = demoPassword): Promise<void> {
  await login(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
}

/**
 * Waits until the app has taken over the page the server rendered (React marks the elements it
 * has hydrated, the last of them last): until then a form posts as a plain form, as with
 * JavaScript off, and a control changed does nothing.
 */
export async function untilHydrated(page: Page): Promise<void> {
  const hydrated = () => {
    const controls = document.querySelectorAll('a[href], button, input, select, textarea');
    const last = controls[controls.length - 1] ?? document.body;
    return Object.keys(last).some((key) => key.startsWith('__reactProps'));
  };
  try {
    await page.waitForFunction(hydrated);
  } catch (error) {
    // The app moved on to another page (the Loading Page's first visit) while it was asked.
    if (!String(error).includes('Execution context was destroyed')) throw error;
    await page.waitForFunction(hydrated);
  }
}

/**
 * Closes every notification on show, as a reader does before reaching what they cover. Each closes
 * by itself after a few seconds too, so the next is looked up afresh after each click.
 */
export async function dismissNotifications(page: Page): Promise<void> {
  const dismiss = page.getByRole('alert').getByRole('button', { name: 'Dismiss' });
  await expect(async () => {
    if ((await dismiss.count()) > 0) await dismiss.first().click({ timeout: 1_000 });
    await expect(dismiss).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/** Signs in through the Login form, waits for Home, and opens the bulk upload of clients. */
export async function openBulkUpload(page: Page, email: string, password = demoPassword): Promise<void> {
  await loginToHome(page, email, password);
  await page.goto('clients/upload');
}

/** Chooses `text` as a CSV file of this name in the page's file input, as a person picking it does. */
export async function chooseCsvFile(page: Page, name: string, text: string): Promise<void> {
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

/**
 * The quick way in for tests that are not about signing in: a token from the API, saved where the
 * app keeps its session (local storage, saved state version 2) and in the session cookie before
 * the first page of the test loads. The app checks it with the server and loads the identity when it starts, as it does for a
 * returning user. Saved once per tab, so signing out in the test is not undone by the next load.
 */
export async function signInWithToken(page: Page, email: string): Promise<string> {
  const { token, expiresAt } = await apiLogin(page.request, email);
  const state = {
    bearerToken: token,
    impersonatedToken: null,
    expiry: Date.parse(expiresAt),
    userProfileImage: null,
    userID: null,
    tenantID: null,
    username: null,
    identity: null,
    rememberMe: false,
    rememberedEmail: null,
  };
  const baseURL = new URL(base.info().project.use.baseURL ?? page.url());
  const origin = baseURL.origin;
  // The session cookie a sign-in sets beside the token, so the server renders pages for this person.
  await page.context().addCookies([
    {
      name: sessionCookieNames.session,
      value: token,
      domain: baseURL.hostname,
      path: baseURL.pathname,
      httpOnly: true,
      secure: baseURL.protocol === 'https:',
      sameSite: 'Lax',
      expires: Math.floor(Date.parse(expiresAt) / 1000),
    },
  ]);
  await page.addInitScript(
    ({ origin, key, saved }) => {
      if (window.location.origin !== origin || window !== window.top) return;
      if (sessionStorage.getItem('e2e:signed-in')) return;
      sessionStorage.setItem('e2e:signed-in', '1');
      localStorage.setItem(key, saved);
    },
    { origin, key: storageKeys.session, saved: JSON.stringify({ state, version: 2 }) },
  );
  return token;
}

/** The saved session as the app wrote it to local storage. */
export async function savedSession(page: Page): Promise<{
  bearerToken: string | null;
  impersonatedToken: string | null;
  tenantID: string | null;
  username: string | null;
}> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), storageKeys.session);
  const parsed = raw ? (JSON.parse(raw) as { state?: Record<string, unknown> }) : {};
  const state = parsed.state ?? {};
  return {
    bearerToken: (state['bearerToken'] as string | null | undefined) ?? null,
    impersonatedToken: (state['impersonatedToken'] as string | null | undefined) ?? null,
    tenantID: (state['tenantID'] as string | null | undefined) ?? null,
    username: (state['username'] as string | null | undefined) ?? null,
  };
}

interface ConsoleProblem {
  kind: 'console' | 'pageerror';
  text: string;
  url: string;
}

interface ConsoleWatch {
  problems: ConsoleProblem[];
  /** Errors the test provokes on purpose. */
  expected: RegExp[];
}

const watches = new WeakMap<BrowserContext, ConsoleWatch>();

interface Fixtures {
  /**
   * Set with `test.use({ account: '...' })`: the test starts signed in as that demo account (see
   * signInWithToken); its first page load finds the session.
   */
  account: string | null;
  /** The bearer token of `account`, or null when the test starts signed out. */
  token: string | null;
  /** Declares a console error the test provokes on purpose, by pattern (matched against text and address). */
  expectConsoleErrors: (pattern: RegExp) => void;
}

/**
 * Every test fails when a page of its browser context (every tab) logs a console error or throws,
 * unless the test declared that it provokes that error (for example the browser's report of the
 * 401 response to a wrong password).
 */
export const test = base.extend<Fixtures>({
  account: [null, { option: true }],

  // Pages arrive rendered by the server: a test, like a person, acts on one once its script has
  // taken it over, so each visit waits for that.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args: Parameters<Page['goto']>) => {
        const response = await goto(...args);
        // A test that asks to go on once the address has changed acts on the page as it arrives.
        if (args[1]?.waitUntil !== 'commit') await untilHydrated(page);
        return response;
      };
      page.reload = async (...args: Parameters<Page['reload']>) => {
        const response = await reload(...args);
        await untilHydrated(page);
        return response;
      };
    }
    await use(page);
  },

  context: async ({ context }, use, testInfo) => {
    const watch: ConsoleWatch = { problems: [], expected: [] };
    watches.set(context, watch);
    context.on('console', (message) => {
      if (message.type() === 'error')
        watch.problems.push({ kind: 'console', text: message.text(), url: message.location().url });
    });
    context.on('weberror', (webError) => {
      const error = webError.error();
      watch.problems.push({
        kind: 'pageerror',
        text: `${error.name}: ${error.message}`,
        url: webError.page()?.url() ?? '',
      });
    });

    await use(context);

    if (watch.problems.length > 0) {
      await testInfo.attach('console-errors', {
        body: JSON.stringify(watch.problems, null, 2),
        contentType: 'application/json',
      });
    }
    const unexpected = watch.problems.filter(
      (problem) => !watch.expected.some((pattern) => pattern.test(`${problem.text} ${problem.url}`)),
    );
    expect(unexpected, 'console errors and page errors').toEqual([]);
  },

  expectConsoleErrors: async ({ context }, use) => {
    await use((pattern) => void watches.get(context)?.expected.push(pattern));
  },

  // Automatic, so `test.use({ account })` alone is enough to start signed in.
  token: [
    async ({ page, account }, use) => use(account ? await signInWithToken(page, account) : null),
    { auto: true },
  ],
});

/** A group of tests that each start signed in as the demo `account` (see the `account` option). */
export function describeSignedIn(title: string, account: string, body: () => void): void {
  test.describe(title, () => {
    test.use({ account });
    body();
  });
}

/** On the Register page, types the password twice and creates the sign-in. */
export async function createSignIn(page: Page, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm the password' }).fill(password);
  await page.getByRole('button', { name: 'Create my sign-in' }).click();
}

/**
 * Runs `use` on a page of a browser of its own that runs no script, as some people's browsers do,
 * and closes that browser after.
 */
export async function withScriptOff(
  browser: Browser,
  options: BrowserContextOptions,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ ...options, javaScriptEnabled: false });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

export { expect };
export * from './accounts';
export * from './api-setup';

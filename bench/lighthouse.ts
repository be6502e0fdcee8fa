// Lighthouse scores of a few pages of the running SPA, in Debian's Chromium, mobile and desktop.
// chrome-launcher starts the browser; Playwright, connected to the same browser over CDP, signs in
// through the login form as the person a page is audited as, so that the page finds their session,
// and empties the HTTP cache before each of their runs, so that every page is a first visit.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config } from 'lighthouse';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { median } from './harness';

export const lighthouseCategories = ['performance', 'accessibility', 'best-practices'] as const;
export type LighthouseCategory = (typeof lighthouseCategories)[number];
export const formFactors = ['mobile', 'desktop'] as const;
export type FormFactor = (typeof formFactors)[number];

/** Someone who signs in on the login page, and the heading of the page it leads them to. */
export interface SignIn {
  email: string;
  password: string;
  landing: string;
}

export interface AuditedPage {
  name: string;
  /** Under the app's base path, e.g. 'login' or 'clients'; '' for Home. */
  path: string;
  /** Who the page is audited as; none for a page anyone opens without signing in. */
  as?: SignIn;
}

export interface LighthouseScore {
  page: string;
  formFactor: FormFactor;
  /** 0 to 100 per category: the median of the runs. */
  scores: Record<LighthouseCategory, number>;
  /** The audits of the last run that cost points: id, score (0 to 1) and Lighthouse's figure. */
  failing: string[];
}

const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
/** The balancer's certificate is made for the run and signed by nobody the browser knows. */
const trustAnyCertificate = ['--ignore-certificate-errors'];
/** Lighthouse's default is mobile: a mid-range phone on a slow 4G network, simulated. */
const configs: Record<FormFactor, Config | undefined> = { mobile: undefined, desktop: desktopConfig };
/** A trace now and then comes back unusable (NO_NAVSTART and the like); such a run is done again. */
const attemptsPerRun = 3;

/**
 * Audits every page in both form factors, `runs` times each, keeping the median (as Lighthouse
 * advises for performance). Pages without a session go first, with Lighthouse's usual storage
 * reset; then the browser signs in as each page's person in turn, and their pages keep the
 * session's cookie and local storage.
 */
export async function auditPages(options: {
  appUrl: string;
  pages: AuditedPage[];
  runs: number;
  /** Where each page's last full report goes (JSON, for Lighthouse's viewer). */
  reportDir: string;
  /** `appUrl` is HTTPS with a certificate made for the run (HAProxy's, as deployed). */
  selfSigned?: boolean;
  log: (message: string) => void;
}): Promise<LighthouseScore[]> {
  mkdirSync(options.reportDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: options.selfSigned ? [...chromeFlags, ...trustAnyCertificate] : chromeFlags,
  });
  let browser: Browser | null = null;
  const results: LighthouseScore[] = [];
  try {
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    let session: SignedIn | null = null;
    // One sign-in per person: anyone's pages first, then each person's together.
    const people = [undefined, ...options.pages.map((page) => page.as?.email)];
    const ordered = [...options.pages].sort(
      (a, b) => people.indexOf(a.as?.email) - people.indexOf(b.as?.email),
    );
    for (const page of ordered) {
      if (page.as && session?.as.email !== page.as.email) {
        await session?.page.close();
        session = await signIn(browser, options.appUrl, page.as);
      }
      for (const formFactor of formFactors) {
        const runs: Array<Record<LighthouseCategory, number>> = [];
        let failing: string[] = [];
        for (let run = 0; run < options.runs; run += 1) {
          // Lighthouse's own reset would also sign out: only the cache is emptied then.
          if (session) await session.cdp.send('Network.clearBrowserCache');
          const lhr = await audit(new URL(page.path, options.appUrl).href, chrome.port, formFactor, page);
          writeFileSync(
            path.join(options.reportDir, `${page.name.replace(/\W+/g, '-')}-${formFactor}.json`),
            JSON.stringify(lhr),
          );
          runs.push(scoresOf(lhr));
          failing = pointsLost(lhr);
        }
        const scores = Object.fromEntries(
          lighthouseCategories.map((category) => [category, median(runs.map((run) => run[category]))]),
        ) as Record<LighthouseCategory, number>;
        results.push({ page: page.name, formFactor, scores, failing });
      }
    }
  } finally {
    // Disconnecting leaves the browser to chrome-launcher, which ends it.
    await browser?.close().catch(() => undefined);
    chrome.kill();
  }
  return results;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

async function audit(url: string, port: number, formFactor: FormFactor, page: AuditedPage): Promise<Report> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...lighthouseCategories],
        disableStorageReset: page.as !== undefined,
      },
      configs[formFactor],
    );
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) {
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (page.as && landed.endsWith('/login')) throw new Error(`${url} went to the login page`);
      return lhr;
    }
    if (attempt >= attemptsPerRun)
      throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  }
}

function scoresOf(lhr: Report): Record<LighthouseCategory, number> {
  return Object.fromEntries(
    lighthouseCategories.map((category) => [
      category,
      Math.round((lhr.categories[category]?.score ?? 0) * 100),
    ]),
  ) as Record<LighthouseCategory, number>;
}

function pointsLost(lhr: Report): string[] {
  const counted = new Set(
    Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id),
    ),
  );
  return Object.values(lhr.audits)
    .filter((audit) => counted.has(audit.id) && audit.score !== null && audit.score < 1)
    .map((audit) => `${audit.id} ${audit.score}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/** Fills the login form of `page` (already on it) as `person` and waits for where it leads. */
export async function fillSignIn(page: Page, person: SignIn): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: person.landing }).waitFor({ timeout: 30_000 });
}

interface SignedIn {
  as: SignIn;
  /** The tab the person signed in on, kept open (on a blank page) while their pages are audited. */
  page: Page;
  /** A CDP session of that tab, to empty the browser's cache between runs. */
  cdp: CDPSession;
}

/**
 * Signs in as `person` through the login form, in the browser's default context, the one
 * Lighthouse audits in, after clearing whoever was signed in there.
 */
async function signIn(browser: Browser, appUrl: string, person: SignIn): Promise<SignedIn> {
  const context = browser.contexts()[0];
  if (!context) throw new Error('the browser has no default context');
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await context.clearCookies();
  await session.send('Storage.clearDataForOrigin', {
    origin: new URL(appUrl).origin,
    storageTypes: 'all',
  });
  await page.goto(new URL('login', appUrl).href);
  await fillSignIn(page, person);
  await page.goto('about:blank');
  return { as: person, page, cdp: session };
}

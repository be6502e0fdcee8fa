// SPA: the JavaScript the browser downloads, gzipped, for the login page, a reply page and the
// first page of each area, as Debian's Chromium loads them from the real server with its cache off;
// then Lighthouse's scores of the login page, a reply page, Home, the client grid and My home,
// mobile and desktop: through HAProxy with TLS and HTTP/2 as deployed (docs/operations.md), where
// HAProxy is installed, and from the server itself over plain HTTP/1.1.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Response } from '@playwright/test';
import { replyPageText } from '@homeminder/shared/reply-words';
import { DEMO_PASSWORD } from '../apps/api/src/db/demo-data';
import { replyLinkPath, registerHomeowner, type Person } from './demo-people';
import type { Benchmark, BenchContext } from './harness';
import {
  auditPages,
  fillSignIn,
  type AuditedPage,
  type LighthouseCategory,
  type FormFactor,
  type LighthouseScore,
  type SignIn,
} from './lighthouse';
import { replyReady, homeReady, phoneLoads, type ReadyCheck } from './phone';
import { recordReactCommits } from './react-commits';
import { ensureWebBuild, startServer } from './server';
import { startHaproxy, type Balancer } from '../apps/api/src/cluster/haproxy';

/** The budget of the goal: at most this much JavaScript, gzipped, for a first page. */
const initialBudgetKb = 180;

const areas: Array<{ name: string; path: string; heading: string }> = [
  { name: 'Home', path: '', heading: 'Home' },
  { name: 'clients', path: 'clients', heading: 'Client Account Information' },
  { name: 'bulk upload', path: 'clients/upload', heading: 'Bulk Upload Clients' },
  { name: 'admin (manage accounts)', path: 'adm/manage-act', heading: 'Manage Accounts' },
  { name: 'operator (notifications)', path: 'sys/notifications', heading: 'Manage Notifications' },
];

const operator: SignIn = { email: 'sysadmin@demo.test', password: DEMO_PASSWORD, landing: 'Home' };
const manager: SignIn = { email: 'manager@acme.test', password: DEMO_PASSWORD, landing: 'Home' };
const myHomeHeading = 'My Home';

/** The two pages a realtor's manager opens most: audited by Lighthouse and loaded on a phone's link. */
const managerPages: AuditedPage[] = [
  { name: 'Home', path: '', as: manager },
  { name: 'client grid', path: 'clients', as: manager },
];

/**
 * Lighthouse's pages: the first page anyone sees, the page a reminder email's link opens, the
 * manager's two, and the homeowner's own page. The homeowner and the link are made at run time.
 */
function auditedPages(homeowner: Person, replyPath: string): AuditedPage[] {
  return [
    { name: 'login page', path: 'login' },
    { name: 'answer page', path: replyPath },
    ...managerPages,
    { name: 'My home', path: 'my-home', as: { ...homeowner, landing: myHomeHeading } },
  ];
}

/** Loads a page on a phone's link this many times in a full run (skipped with `--quick`). */
const phoneRuns = 5;

/** The goals on a phone's link, ms after the navigation started, by page and moment. */
const phoneGoals: Record<string, Record<string, { what: string; goalMs: number }>> = {
  Home: {
    numbers: { what: "the person's numbers shown", goalMs: 2_000 },
    menu: { what: 'the account menu answering a click', goalMs: 4_000 },
  },
  'answer page': { button: { what: 'its button shown, answering a click', goalMs: 2_000 } },
};
/** Core Web Vitals' threshold of a good largest paint. */
const goodLargestPaintMs = 2_500;

/** The goals: performance at least 90 on a phone and 95 on a desktop; accessibility and best practices 100 on each. */
const goals: Record<FormFactor, Partial<Record<LighthouseCategory, number>>> = {
  mobile: { performance: 90, accessibility: 100, 'best-practices': 100 },
  desktop: { performance: 95, accessibility: 100, 'best-practices': 100 },
};

/** Loads `path` and returns the gzipped size, in kB, of every script it downloaded. */
async function scriptKb(page: Page, path: string, heading: string): Promise<number> {
  const bodies: Array<Promise<Buffer>> = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body());
  };
  page.on('response', onResponse);
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  const sizes = await Promise.all(bodies.map(async (body) => gzipSync(await body, { level: 9 }).length));
  return sizes.reduce((sum, size) => sum + size, 0) / 1024;
}

const benchmark: Benchmark = {
  name: 'spa',
  async run(context) {
    ensureWebBuild((message) => context.log(message));
    const database = await context.createDatabase('spa');
    const server = await startServer(database, { seedDemo: true });
    let balancer: Balancer | null = null;
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const origin = new URL(server.url).origin;
      const page = await browser.newPage({ baseURL: `${origin}/ui/` });
      // Every page load downloads what it needs, as on a first visit.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

      const homeowner = await registerHomeowner(server, database.handle.ownerDb);
      const replyPath = await replyLinkPath(server, database.handle.ownerDb);

      const login = await scriptKb(page, 'login', 'Sign in');
      const replyPage = await scriptKb(page, replyPath, replyPageText.done.title);
      for (const [name, kb] of [
        ['the login page', login],
        ['an answer page', replyPage],
      ] as const)
        context.record({
          metric: `SPA: JavaScript of ${name}, gzipped`,
          unit: 'kB',
          value: kb,
          baseline: { name: `the budget of ${initialBudgetKb} kB`, value: initialBudgetKb },
          higherIsBetter: false,
          goalRatio: 1,
        });

      await page.goto('login');
      await fillSignIn(page, operator);

      for (const area of areas) {
        const kb = await scriptKb(page, area.path, area.heading);
        context.record({
          metric: `SPA: JavaScript of ${area.name} on a first visit, gzipped`,
          unit: 'kB',
          value: kb,
          baseline: { name: 'the login page', value: login },
          higherIsBetter: false,
        });
      }
      context.record({
        metric: 'SPA: JavaScript of My home on a first visit, gzipped',
        unit: 'kB',
        value: await myHomeKb(browser, `${origin}/ui/`, homeowner),
        baseline: { name: 'the login page', value: login },
        higherIsBetter: false,
      });
      await recordReactCommits(context, browser, `${origin}/ui/`, {
        signedOut: [
          { name: 'login page', path: 'login', heading: 'Sign in' },
          { name: 'answer page', path: replyPath, heading: replyPageText.done.title },
        ],
        person: manager,
        signedIn: [
          { name: 'Home', path: '', heading: 'Home' },
          { name: 'client grid', path: 'clients', heading: 'Client Account Information' },
        ],
      });
      if (!context.quick) await recordPhoneLoads(context, browser, `${origin}/ui/`, replyPath);
      // One browser at a time on two cores: Lighthouse starts its own.
      await browser.close();
      balancer = await balancerFor(server.url, (message) => context.log(message));
      const served = [
        ...(balancer
          ? [{ name: 'through HAProxy (TLS, HTTP/2)', origin: new URL(balancer.base).origin }]
          : []),
        { name: 'from the server (HTTP/1.1)', origin },
      ];
      for (const [index, { name, origin: from }] of served.entries()) {
        const scores = await auditPages({
          appUrl: `${from}/ui/`,
          pages: auditedPages(homeowner, replyPath),
          // Performance varies from run to run; Lighthouse advises the median of several.
          runs: context.quick ? 1 : 3,
          reportDir: fileURLToPath(new URL(`results/lighthouse/${index}`, import.meta.url)),
          selfSigned: from.startsWith('https:'),
          log: (message) => context.log(message),
        });
        // The goals are for the pages as people get them: the first way served.
        for (const score of scores) recordScores(context, score, name, index === 0);
      }
    } finally {
      await browser.close();
      await balancer?.stop();
      await server.close();
      await database.drop();
    }
  },
};

/**
 * The login page, a reply page, Home and the client grid loaded in Chromium on a phone's link
 * (medians of `phoneRuns` loads): first and largest paint as the browser reports them, compared
 * with the login page, which is prerendered; and when Home and the reply page are ready for their
 * person, against the goals.
 */
async function recordPhoneLoads(
  context: BenchContext,
  browser: Browser,
  appUrl: string,
  replyPath: string,
): Promise<void> {
  const browserContext = await browser.newContext({ baseURL: appUrl });
  try {
    const page = await browserContext.newPage();
    const login = await phoneLoads(page, 'login', phoneRuns);
    context.record({
      metric: "SPA on a phone's link: login page, largest paint",
      unit: 'ms',
      value: login.largestPaintMs,
      baseline: { name: 'a good largest paint', value: goodLargestPaintMs },
      higherIsBetter: false,
    });
    const record = async (name: string, path: string, ready?: ReadyCheck) => {
      const load = await phoneLoads(page, path, phoneRuns, ready);
      context.log(
        `${name} on a phone's link: first data request at ${load.firstDataRequestMs?.toFixed(0) ?? 'none'} ms`,
      );
      for (const [paint, key] of [
        ['first paint', 'firstPaintMs'],
        ['largest paint', 'largestPaintMs'],
      ] as const) {
        context.record({
          metric: `SPA on a phone's link: ${name}, ${paint}`,
          unit: 'ms',
          value: load[key],
          baseline: { name: 'the login page', value: login[key] },
          higherIsBetter: false,
        });
      }
      for (const [moment, ms] of Object.entries(load.ready)) {
        const goal = phoneGoals[name]?.[moment];
        if (!goal) throw new Error(`no goal for ${name}'s ${moment}`);
        context.record({
          metric: `SPA on a phone's link: ${name}, ${goal.what}`,
          unit: 'ms',
          value: ms,
          baseline: { name: `the goal of ${goal.goalMs / 1000} s`, value: goal.goalMs },
          higherIsBetter: false,
          goalRatio: 1,
        });
      }
    };
    // Not signed in: the page a reminder email's link opens (its button records nothing until pressed).
    await record('answer page', replyPath, replyReady(replyPageText.done.button));
    await page.goto('login');
    await fillSignIn(page, manager);
    for (const { name, path } of managerPages) await record(name, path, path === '' ? homeReady : undefined);
  } finally {
    await browserContext.close();
  }
}

/** My home's scripts, in a browser context of its own where the homeowner signs in. */
async function myHomeKb(browser: Browser, appUrl: string, homeowner: Person): Promise<number> {
  const browserContext = await browser.newContext({ baseURL: appUrl });
  try {
    const page = await browserContext.newPage();
    const cdp = await browserContext.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto('login');
    await fillSignIn(page, { ...homeowner, landing: myHomeHeading });
    return await scriptKb(page, 'my-home', myHomeHeading);
  } finally {
    await browserContext.close();
  }
}

/** HAProxy in front of the server as deployed, when it is installed (`.ci/run` installs it). */
async function balancerFor(serverUrl: string, log: (message: string) => void): Promise<Balancer | null> {
  if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status !== 0) {
    log('HAProxy is not installed: Lighthouse audits the server over plain HTTP/1.1 alone');
    return null;
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'homeminder-spa-'));
  return startHaproxy(directory, { node: Number(new URL(serverUrl).port) });
}

function recordScores(
  context: BenchContext,
  score: LighthouseScore,
  served: string,
  withGoals: boolean,
): void {
  for (const [category, value] of Object.entries(score.scores) as Array<[LighthouseCategory, number]>) {
    const goal = withGoals ? goals[score.formFactor][category] : undefined;
    context.record({
      metric: `SPA Lighthouse ${score.formFactor}, ${served}: ${score.page}, ${category}`,
      unit: 'points',
      value,
      baseline: goal ? { name: `the goal of ${goal}`, value: goal } : { name: 'full marks', value: 100 },
      higherIsBetter: true,
      ...(goal ? { goalRatio: 1 } : {}),
    });
  }
  if (score.formFactor === 'mobile' && score.failing.length > 0)
    context.log(`${score.page} (mobile) loses points on: ${score.failing.join('; ')}`);
}

export default benchmark;

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export interface Violation {
  rule: string;
  targets: string[];
}

/**
 * WCAG 2 A and AA violations of serious or critical impact on the page as it is now. `include`
 * narrows the check to a part of the page; `exclude` leaves one out (the shell's header, say,
 * which a11y.spec.ts checks once).
 */
export async function seriousViolations(
  page: Page,
  options: { include?: string; exclude?: string } = {},
): Promise<Violation[]> {
  const analyze = async () => {
    await settleAnimations(page);
    await notificationsAtRest(page);
    let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    if (options.include) builder = builder.include(options.include);
    if (options.exclude) builder = builder.exclude(options.exclude);
    return builder.analyze();
  };
  let results = await analyze();
  // A notification may start fading out between the wait and the scan, its colours halfway: the
  // second scan waits until it is gone, and a real problem is still there then.
  if (results.violations.length > 0) results = await analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) =>
        [node.target.join(' '), node.html, node.failureSummary ?? ''].join(' '),
      ),
    }));
}

/**
 * Waits until every notification shown is fully opaque (one fading in or out is not yet, or no
 * longer, what a person reads).
 */
async function notificationsAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.mantine-Notification-root')].every((notification) => {
      for (let element: Element | null = notification; element; element = element.parentElement) {
        if (getComputedStyle(element).opacity !== '1') return false;
      }
      return true;
    }),
  );
}

/**
 * Waits for the page's finite animations and transitions to end: a dialog still fading in has
 * colours between its start and end, whose contrast axe would check. Endless ones (a spinner) are
 * not waited for.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** Where a journey's pictures go: `test-results/<name>`, or `$SHOTS_DIR/<name>` when it is set. */
export function shotsFolder(name: string): string {
  return path.join(
    process.env['SHOTS_DIR'] ?? fileURLToPath(new URL('../test-results', import.meta.url)),
    name,
  );
}

/** A phone's width first, where homeowners meet the product, then a desktop's. */
export const phoneFirst = [390, 1280] as const;

/**
 * No serious accessibility problem on the page at each of `widths` (a desktop's and a phone's by
 * default), with a full-page picture of each in `shotsDir` when one is named; the page is left at
 * the first width.
 */
export async function checkAtWidths(
  page: Page,
  name: string,
  { shotsDir, widths = [1280, 390] }: { shotsDir?: string | undefined; widths?: readonly number[] } = {},
): Promise<void> {
  // The page as it rests: no link under the pointer.
  await page.mouse.move(0, 0);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `${name} at ${width}px`).toEqual([]);
    if (shotsDir) {
      mkdirSync(shotsDir, { recursive: true });
      await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
    }
  }
  await page.setViewportSize({ width: widths[0]!, height: 900 });
}

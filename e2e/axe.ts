import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

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
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  const results = await builder.analyze();
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
